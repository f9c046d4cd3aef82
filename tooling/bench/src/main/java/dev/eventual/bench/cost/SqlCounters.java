package dev.eventual.bench.cost;

import dev.eventual.bench.BenchSuite;
import dev.eventual.infra.db.ServiceDatabase;
import dev.eventual.launcher.SuiteService;
import dev.eventual.launcher.process.ServerConnections;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Statements and rows written per database account, from MariaDB's USER_STATISTICS (userstat on). Each
 * service logs in with an account of its own (order_service, inventory_service, notice_service,
 * reconcile_job), so the counts are per service; the benchmark's own queries run as the admin account
 * and are not counted. With order_db split across servers, every server counts and the counts add up.
 */
final class SqlCounters {

    private final BenchSuite suite;

    SqlCounters(BenchSuite suite) {
        this.suite = suite;
    }

    /** Turns the counting on (it costs the server a little per statement, in every variant alike). */
    void enable() {
        try (ServerConnections servers = suite.connectAll(ServiceDatabase.ORDER)) {
            for (Connection server : servers.all()) {
                try (Statement sql = server.createStatement()) {
                    sql.execute("SET GLOBAL userstat = 1");
                }
            }
        } catch (SQLException e) {
            throw new IllegalStateException("SET GLOBAL userstat = 1", e);
        }
    }

    /** Cumulative counts per service account. */
    Map<String, SqlCount> read() {
        Map<String, SqlCount> counts = new LinkedHashMap<>();
        for (SuiteService service : SuiteService.values()) {
            counts.put(service.databaseUser(), SqlCount.ZERO);
        }
        try (ServerConnections servers = suite.connectAll(ServiceDatabase.ORDER)) {
            for (Connection server : servers.all()) {
                try (Statement sql = server.createStatement();
                     ResultSet rows = sql.executeQuery("SELECT USER, SELECT_COMMANDS, UPDATE_COMMANDS, OTHER_COMMANDS,"
                             + " ROWS_INSERTED + ROWS_UPDATED + ROWS_DELETED FROM information_schema.USER_STATISTICS")) {
                    while (rows.next()) {
                        if (counts.containsKey(rows.getString(1))) {
                            counts.put(rows.getString(1), counts.get(rows.getString(1)).plus(new SqlCount(rows.getLong(2),
                                    rows.getLong(3), rows.getLong(4), rows.getLong(5))));
                        }
                    }
                }
            }
        } catch (SQLException e) {
            throw new IllegalStateException("reading USER_STATISTICS", e);
        }
        return counts;
    }

    /** Counts of one account; {@code writes} counts INSERT/UPDATE/DELETE statements, {@code other} COMMIT, SET and the like. */
    record SqlCount(long selects, long writes, long other, long rowsWritten) {

        static final SqlCount ZERO = new SqlCount(0, 0, 0, 0);

        long statements() {
            return selects + writes + other;
        }

        SqlCount plus(SqlCount other) {
            return new SqlCount(selects + other.selects, writes + other.writes, this.other + other.other,
                    rowsWritten + other.rowsWritten);
        }

        SqlCount minus(SqlCount earlier) {
            return new SqlCount(selects - earlier.selects, writes - earlier.writes, other - earlier.other,
                    rowsWritten - earlier.rowsWritten);
        }
    }
}
