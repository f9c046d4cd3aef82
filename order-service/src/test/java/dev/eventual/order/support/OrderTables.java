package dev.eventual.order.support;

import org.springframework.jdbc.core.JdbcTemplate;

/** Row counts of order_db, to prove a request wrote nothing (or exactly what it should). */
public record OrderTables(long orders, long messageLogs, long consumerStatuses) {

    public static OrderTables count(JdbcTemplate jdbc) {
        return new OrderTables(
                jdbc.queryForObject("SELECT COUNT(*) FROM t_order", Long.class),
                jdbc.queryForObject("SELECT COUNT(*) FROM message_log", Long.class),
                jdbc.queryForObject("SELECT COUNT(*) FROM message_consumer_status", Long.class));
    }
}
