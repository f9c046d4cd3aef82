package dev.eventual.database;

import org.junit.jupiter.api.Test;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.dao.UncategorizedDataAccessException;

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
    void otherFailuresAreNot() {
        assertThat(DatabaseFailures.unreachable(new DataIntegrityViolationException("duplicate"))).isFalse();
        assertThat(DatabaseFailures.unreachable(new IllegalStateException("bug"))).isFalse();
    }
}
