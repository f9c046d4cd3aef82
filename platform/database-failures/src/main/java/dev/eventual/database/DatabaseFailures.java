package dev.eventual.database;

import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.dao.RecoverableDataAccessException;
import org.springframework.dao.TransientDataAccessResourceException;
import org.springframework.transaction.CannotCreateTransactionException;

import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLRecoverableException;
import java.sql.SQLTransientConnectionException;

/**
 * Tells a database that cannot be reached from other failures, through wrappers: MyBatis reports a
 * connection it could not obtain as an uncategorized {@code MyBatisSystemException} around Spring's
 * {@code CannotGetJdbcConnectionException}. A connection that dies under a statement counts too: MySQL
 * Connector/J reports it as a {@code CommunicationsException}, an {@link SQLRecoverableException} of SQLSTATE
 * class 08 (connection exception), which Spring translates to {@link RecoverableDataAccessException}. Pools that
 * start connections with autocommit off send nothing when a transaction begins, so a server killed under a pooled
 * connection is first seen there.
 */
public final class DatabaseFailures {

    private DatabaseFailures() {
    }

    public static boolean unreachable(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
            if (cause instanceof DataAccessResourceFailureException || cause instanceof TransientDataAccessResourceException
                    || cause instanceof CannotCreateTransactionException || cause instanceof SQLTransientConnectionException
                    || cause instanceof SQLNonTransientConnectionException || cause instanceof RecoverableDataAccessException
                    || cause instanceof SQLRecoverableException || connectionException(cause)) {
                return true;
            }
        }
        return false;
    }

    private static boolean connectionException(Throwable cause) {
        return cause instanceof SQLException sql && sql.getSQLState() != null && sql.getSQLState().startsWith("08");
    }
}
