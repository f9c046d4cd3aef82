package dev.eventual.notice.support;

import dev.eventual.common.messaging.OrderEventType;
import org.springframework.jdbc.core.JdbcTemplate;

import java.util.List;

/** A notice_log row as the tests read it, straight from the database. */
public record NoticeRow(String status, int attempts, String channel, String recipient, String messageId,
                        String lastError) {

    /** The row, or null when the notice was never claimed. */
    public static NoticeRow find(JdbcTemplate jdbc, long orderId, OrderEventType type) {
        List<NoticeRow> rows = jdbc.query("SELECT status, attempts, channel, recipient, message_id, last_error"
                        + " FROM notice_log WHERE order_id = ? AND notice_type = ?",
                (rs, i) -> new NoticeRow(rs.getString(1), rs.getInt(2), rs.getString(3), rs.getString(4),
                        rs.getString(5), rs.getString(6)), orderId, type.name());
        return rows.isEmpty() ? null : rows.get(0);
    }

    public static String statusOf(JdbcTemplate jdbc, long orderId, OrderEventType type) {
        NoticeRow row = find(jdbc, orderId, type);
        return row == null ? null : row.status();
    }

    public static long count(JdbcTemplate jdbc) {
        return jdbc.queryForObject("SELECT COUNT(*) FROM notice_log", Long.class);
    }
}
