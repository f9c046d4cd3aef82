package dev.eventual.database;

import org.junit.jupiter.api.Test;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.dao.RecoverableDataAccessException;
import org.springframework.dao.UncategorizedDataAccessException;

import java.sql.SQLException;
import java.sql.SQLRecoverableException;
import java.sql.SQLTransientConnectionException;

import static org.assertj.core.api.Assertions.assertThat;

class DatabaseFailuresTest {

    @Test
    void aConnectionFailureIsFoundThroughWrappers() {
        // as MyBatis reports a connection it could not obtain outside a transaction
        RuntimeException wrapped = new UncategorizedDataAccessException("querying",
                new IllegalStateException(new DataAccessResourceFailureException("no connection",
                        new SQLTransientConnectionException("pool timed out")))) {
        };

        assertThat(DatabaseFailures.unreachable(wrapped)).isTrue();
        assertThat(DatabaseFailures.unreachable(new IllegalStateException(new SQLTransientConnectionException()))).isTrue();
    }

    @Test
    void aConnectionThatDiesUnderAStatementIsFound() {
        // as Spring translates Connector/J's CommunicationsException (SQLSTATE 08S01)
        SQLRecoverableException linkFailure = new SQLRecoverableException("Communications link failure", "08S01");
        assertThat(DatabaseFailures.unreachable(new RecoverableDataAccessException("insert", linkFailure))).isTrue();
        assertThat(DatabaseFailures.unreachable(new IllegalStateException(linkFailure))).isTrue();
        assertThat(DatabaseFailures.unreachable(new SQLException("connection lost", "08003"))).isTrue();
    }

    @Test
    void otherFailuresAreNot() {
        assertThat(DatabaseFailures.unreachable(new DataIntegrityViolationException("duplicate",
                new SQLException("Duplicate entry", "23000", 1062)))).isFalse();
        assertThat(DatabaseFailures.unreachable(new SQLException("deadlock", "40001", 1213))).isFalse();
        assertThat(DatabaseFailures.unreachable(new IllegalStateException("bug"))).isFalse();
    }
}
