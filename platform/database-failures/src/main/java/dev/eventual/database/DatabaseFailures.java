package dev.eventual.database;

import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.dao.TransientDataAccessResourceException;
import org.springframework.transaction.CannotCreateTransactionException;

import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLTransientConnectionException;

/**
 * Tells a database that cannot be reached from other failures, through wrappers: MyBatis reports a
 * connection it could not obtain as an uncategorized {@code MyBatisSystemException} around Spring's
 * {@code CannotGetJdbcConnectionException}.
 */
public final class DatabaseFailures {

    private DatabaseFailures() {
    }

    public static boolean unreachable(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
            if (cause instanceof DataAccessResourceFailureException || cause instanceof TransientDataAccessResourceException
                    || cause instanceof CannotCreateTransactionException || cause instanceof SQLTransientConnectionException
                    || cause instanceof SQLNonTransientConnectionException) {
                return true;
            }
        }
        return false;
    }
}
