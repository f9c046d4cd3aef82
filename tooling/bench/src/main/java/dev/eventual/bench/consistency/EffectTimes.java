package dev.eventual.bench.consistency;

import dev.eventual.bench.BenchSuite;
import dev.eventual.infra.db.ServiceDatabase;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * When things happened to a set of orders, read from the databases' own millisecond timestamps
 * (same machine, same clock as the load generator's {@code currentTimeMillis}).
 */
final class EffectTimes {

    private static final int CHUNK = 1_000;

    private final BenchSuite suite;

    EffectTimes(BenchSuite suite) {
        this.suite = suite;
    }

    /** Epoch millis at which both downstream effects (stock deducted, notice sent) were recorded. */
    Map<Long, Long> consistentAt(long[] orderIds) {
        Map<Long, Long> inventory = times(ServiceDatabase.INVENTORY,
                "SELECT order_id, ROUND(UNIX_TIMESTAMP(updated_at) * 1000) FROM inventory_deduct_log"
                        + " WHERE status = 'SUCCESS' AND order_id IN (%s)", orderIds);
        Map<Long, Long> notices = times(ServiceDatabase.NOTICE,
                "SELECT order_id, ROUND(UNIX_TIMESTAMP(updated_at) * 1000) FROM notice_log"
                        + " WHERE notice_type = 'ORDER_CREATED' AND status = 'SUCCESS' AND order_id IN (%s)", orderIds);
        Map<Long, Long> both = new HashMap<>();
        inventory.forEach((order, at) -> {
            Long notice = notices.get(order);
            if (notice != null) {
                both.put(order, Math.max(at, notice));
            }
        });
        return both;
    }

    /** Epoch millis at which the reconcile job marked the order's created event SUCCESS. */
    Map<Long, Long> reconciledAt(long[] orderIds) {
        return times(ServiceDatabase.ORDER, "SELECT order_id, ROUND(UNIX_TIMESTAMP(updated_at) * 1000) FROM message_log"
                + " WHERE event_type = 'ORDER_CREATED' AND reconcile_status = 'SUCCESS' AND order_id IN (%s)", orderIds);
    }

    private Map<Long, Long> times(ServiceDatabase database, String query, long[] orderIds) {
        Map<Long, Long> times = new HashMap<>();
        try (Connection connection = suite.connect(database)) {
            for (int from = 0; from < orderIds.length; from += CHUNK) {
                long[] chunk = Arrays.copyOfRange(orderIds, from, Math.min(orderIds.length, from + CHUNK));
                String ids = Arrays.stream(chunk).mapToObj(Long::toString).collect(Collectors.joining(","));
                try (PreparedStatement sql = connection.prepareStatement(query.formatted(ids));
                     ResultSet rows = sql.executeQuery()) {
                    while (rows.next()) {
                        times.put(rows.getLong(1), rows.getLong(2));
                    }
                }
            }
        } catch (SQLException e) {
            throw new IllegalStateException("reading effect times failed", e);
        }
        return times;
    }
}
