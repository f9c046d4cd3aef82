package dev.eventual.order.support;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.IntSupplier;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The statements order_db received while a call ran, read from the server's own general log: every
 * connection's but the reader's and those opened meanwhile, worker-id lease renewals and the relay's look for
 * waiting events ({@link #relaysLook}) aside. Counts, not times, so they can be
 * pinned (docs/testing.md).
 */
public final class GeneralLog {

    private static final Logger log = LoggerFactory.getLogger(GeneralLog.class);

    private GeneralLog() {
    }

    /** @param call returns the HTTP status it got, which must be the expected one */
    public static List<String> statementsDuring(DataSource dataSource, int expectedStatus, IntSupplier call)
            throws SQLException {
        try (Connection own = dataSource.getConnection(); Statement statement = own.createStatement()) {
            long ownThread;
            try (ResultSet id = statement.executeQuery("SELECT CONNECTION_ID()")) {
                id.next();
                ownThread = id.getLong(1);
            }
            statement.execute("SET GLOBAL log_output = 'TABLE'");
            statement.execute("TRUNCATE TABLE mysql.general_log");
            statement.execute("SET GLOBAL general_log = 1");
            int status;
            try {
                status = call.getAsInt();
            } finally {
                statement.execute("SET GLOBAL general_log = 0");
            }
            assertThat(status).isEqualTo(expectedStatus);
            List<String> statements = new ArrayList<>();
            // a connection opened or set up meanwhile is a pool topping itself up (this reader holds one of its
            // connections; the transactions' pool fills in the background), not the call: the call's connections
            // were warm before it began. The driver sets character_set_results once per connection, at its setup
            try (PreparedStatement read = own.prepareStatement("SELECT argument FROM mysql.general_log"
                    + " WHERE thread_id <> ? AND command_type IN ('Query', 'Execute') AND thread_id NOT IN"
                    + " (SELECT thread_id FROM mysql.general_log WHERE command_type = 'Connect'"
                    + " OR argument LIKE 'SET character_set_results%') ORDER BY event_time")) {
                read.setLong(1, ownThread);
                try (ResultSet rows = read.executeQuery()) {
                    while (rows.next()) {
                        String sql = rows.getString(1).replaceAll("\\s+", " ").trim();
                        if (!sql.contains("order_worker_lease") && !relaysLook(sql)) {
                            statements.add(sql);
                        }
                    }
                }
            }
            statements.forEach(sql -> log.info("order_db statement: {}", sql));
            return statements;
        }
    }

    /**
     * The relay's own look, on its schedule (docs/design.md, "The outbox"): for due rows (once a second) and at its
     * backlog (RelayMapper's anyDue, claimDue, backlog). Named by what they are, not by the column: a cancel's own
     * question whether its create still waits (issue 39) names next_relay_time too, and is the cancel's.
     */
    private static boolean relaysLook(String sql) {
        return sql.contains("next_relay_time <=") || sql.startsWith("SELECT w.waiting");
    }

    /** Each statement's first word: SELECT, INSERT, SET, COMMIT, ... */
    public static List<String> kinds(List<String> statements) {
        return statements.stream().map(sql -> sql.split(" ", 2)[0].toUpperCase(Locale.ROOT)).toList();
    }
}
