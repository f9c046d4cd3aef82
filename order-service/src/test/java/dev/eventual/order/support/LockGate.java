package dev.eventual.order.support;

import org.springframework.jdbc.core.JdbcTemplate;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * Holds a local transaction of the service at a chosen point, deterministically: a trigger on
 * message_log (for one SKU only) takes a row lock on {@code it_gate} that the test holds until it
 * releases the gate. No sleeps; the database does the waiting.
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
     * @param timing BEFORE (the event's unique key is not taken yet) or AFTER (it is, and stays
     *               locked while the gate is closed) the message_log insert of the given SKU
     */
    public static LockGate close(JdbcTemplate jdbc, DataSource dataSource, String timing, long skuId) throws SQLException {
        jdbc.execute("CREATE TABLE IF NOT EXISTS it_gate (id INT PRIMARY KEY)");
        jdbc.update("INSERT IGNORE INTO it_gate (id) VALUES (1)");
        String trigger = "it_gate_" + timing.toLowerCase() + "_" + skuId;
        jdbc.execute("CREATE TRIGGER " + trigger + " " + timing + " INSERT ON message_log FOR EACH ROW BEGIN"
                + " IF NEW.payload LIKE '%\"skuId\":\"" + skuId + "\"%' THEN"
                + " SELECT id INTO @it_gate FROM it_gate WHERE id = 1 FOR UPDATE; END IF; END");
        Connection holder = dataSource.getConnection();
        holder.setAutoCommit(false);
        try (Statement statement = holder.createStatement()) {
            statement.executeQuery("SELECT id FROM it_gate WHERE id = 1 FOR UPDATE").close();
        }
        return new LockGate(jdbc, trigger, holder);
    }

    /** Lets the held transaction go on. */
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

    /** True while some statement waits for a row lock: here, the check-back's tombstone insert. */
    public static boolean checkBackIsWaiting(JdbcTemplate jdbc) {
        return jdbc.queryForObject("SELECT COUNT(*) FROM information_schema.innodb_trx WHERE trx_state = 'LOCK WAIT'"
                + " AND trx_query LIKE 'INSERT IGNORE INTO message_log%'", Long.class) > 0;
    }
}
