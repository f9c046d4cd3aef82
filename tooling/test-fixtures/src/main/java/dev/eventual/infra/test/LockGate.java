package dev.eventual.infra.test;

import org.springframework.jdbc.core.JdbcTemplate;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * Holds local transactions of the service at a chosen point, deterministically: a trigger takes a row
 * lock on {@code it_gate} that the test holds until it opens the gate. No sleeps; the database does
 * the waiting.
 */
public final class LockGate implements AutoCloseable {

    private final JdbcTemplate jdbc;
    private final String trigger;
    private final Connection holder;

    private LockGate(JdbcTemplate jdbc, String trigger, Connection holder) {
        this.jdbc = jdbc;
        this.trigger = trigger;
        this.holder = holder;
    }

    /**
     * Holds the local transactions of orders for the given SKUs at their message_log insert: the
     * attempt's barrier row is written and stays locked while the gate is closed.
     */
    public static LockGate atEventInsert(JdbcTemplate jdbc, DataSource dataSource, long... skuIds) throws SQLException {
        String condition = Arrays.stream(skuIds).mapToObj(sku -> "NEW.payload LIKE '%\"skuId\":\"" + sku + "\"%'")
                .collect(Collectors.joining(" OR "));
        return close(jdbc, dataSource, "it_gate_event_" + skuIds[0], "BEFORE INSERT ON message_log", condition);
    }

    /**
     * Holds every local transaction before its first statement, the barrier insert: a check-back meanwhile
     * finds the attempt's key free. Check-backs' own inserts pass.
     */
    public static LockGate beforeBarrier(JdbcTemplate jdbc, DataSource dataSource) throws SQLException {
        return close(jdbc, dataSource, "it_gate_barrier", "BEFORE INSERT ON tx_attempt_barrier", "NEW.outcome = 'COMMITTED'");
    }

    private static LockGate close(JdbcTemplate jdbc, DataSource dataSource, String trigger, String event, String condition)
            throws SQLException {
        jdbc.execute("CREATE TABLE IF NOT EXISTS it_gate (id INT PRIMARY KEY)");
        jdbc.update("INSERT IGNORE INTO it_gate (id) VALUES (1)");
        jdbc.execute("CREATE TRIGGER " + trigger + " " + event + " FOR EACH ROW BEGIN IF " + condition + " THEN"
                + " SELECT id INTO @it_gate FROM it_gate WHERE id = 1 FOR UPDATE; END IF; END");
        Connection holder = dataSource.getConnection();
        holder.setAutoCommit(false);
        try (Statement statement = holder.createStatement()) {
            statement.executeQuery("SELECT id FROM it_gate WHERE id = 1 FOR UPDATE").close();
        }
        return new LockGate(jdbc, trigger, holder);
    }

    /** Lets the held transactions go on. */
    public void open() throws SQLException {
        holder.rollback();
    }

    @Override
    public void close() throws SQLException {
        try {
            holder.rollback();
            holder.close();
        } finally {
            jdbc.execute("DROP TRIGGER IF EXISTS " + trigger);
        }
    }

    /** How many check-backs wait right now for the barrier row of an attempt in flight. */
    public static long checkBacksWaiting(JdbcTemplate jdbc) {
        return jdbc.queryForObject("SELECT COUNT(*) FROM information_schema.innodb_trx WHERE trx_state = 'LOCK WAIT'"
                + " AND trx_query LIKE 'INSERT IGNORE INTO tx_attempt_barrier%'", Long.class);
    }
}
