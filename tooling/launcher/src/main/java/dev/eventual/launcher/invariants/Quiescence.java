package dev.eventual.launcher.invariants;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * Whether the suite has finished the work it does on its own: no order event is waiting for
 * reconciliation (PENDING or RETRY: due, backing off, or claimed by a run) or for the relay (WAITING for
 * the broker with a send planned: docs/design.md, "The outbox"). The invariants are only meaningful once
 * this holds; before it, they describe work in progress.
 */
public final class Quiescence {

    /** The condition on message_log of an unfinished event; {@link DatabaseSnapshot} reads which events they are. */
    static final String UNFINISHED_EVENTS = "reconcile_status IN ('PENDING', 'RETRY')"
            + " OR msg_status = 'WAITING' AND next_relay_time IS NOT NULL";

    private static final String UNFINISHED = " FROM message_log WHERE " + UNFINISHED_EVENTS;

    private Quiescence() {
    }

    /** @param orders a connection to order_db */
    public static boolean quiet(Connection orders) throws SQLException {
        try (Statement sql = orders.createStatement(); ResultSet rows = sql.executeQuery("SELECT COUNT(*)" + UNFINISHED)) {
            rows.next();
            return rows.getLong(1) == 0;
        }
    }

    /** The first {@code limit} unfinished events, one line each, to say why the suite is not quiet. */
    public static List<String> unfinished(Connection orders, int limit) throws SQLException {
        try (PreparedStatement sql = orders.prepareStatement("SELECT order_id, event_type, msg_status, reconcile_status,"
                + " retry_count, next_reconcile_time, claim_token, last_error, relay_attempts, next_relay_time" + UNFINISHED
                + " ORDER BY next_reconcile_time, id LIMIT ?")) {
            sql.setInt(1, limit);
            List<String> lines = new ArrayList<>();
            try (ResultSet rows = sql.executeQuery()) {
                while (rows.next()) {
                    lines.add(("order %d %s: msg %s, reconcile %s, retry %d, next %s, claim %s, relay sends %d, next relay %s,"
                            + " last error %s").formatted(rows.getLong(1), rows.getString(2), rows.getString(3),
                            rows.getString(4), rows.getInt(5), rows.getTimestamp(6), rows.getString(7), rows.getInt(9),
                            rows.getTimestamp(10), rows.getString(8)));
                }
            }
            return lines;
        }
    }
}
