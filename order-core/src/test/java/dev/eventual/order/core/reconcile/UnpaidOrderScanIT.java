package dev.eventual.order.core.reconcile;

import dev.eventual.order.core.reconcile.UnpaidOrders.Overdue;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The unpaid timeout's scan on the real order_db: which orders it finds (CREATED, older than the
 * timeout by the database clock, in the shard's key range), in pages, through the index V7 adds.
 * What order-service does with them is UnpaidOrderTimeoutIT's (launcher), with every service real.
 */
@ReconcileStoreIT
class UnpaidOrderScanIT {

    private static final long TIMEOUT_SECONDS = 1800;
    /** message_log.shard_key's whole space (reconcile-job's ShardRange.KEY_SPACE). */
    private static final int LAST_KEY = (1 << 16) - 1;

    @Autowired
    UnpaidOrders orders;

    @Autowired
    JdbcTemplate jdbc;

    @Test
    void findsOnlyCreatedOrdersPastTheTimeoutInTheShardsRangeOldestFirstPageByPage() {
        long base = ThreadLocalRandom.current().nextLong(1L << 40, 1L << 50);
        // a shard key range of its own, so rows of other tests never show up
        int key = ThreadLocalRandom.current().nextInt(1_000, 60_000);
        long overdue1 = seed(base + 1, "CREATED", 3_600, key);
        long overdue2 = seed(base + 2, "CREATED", 2_000, key);
        long overdue3 = seed(base + 3, "CREATED", 1_801, key);
        seed(base + 4, "CREATED", 1_700, key);          // not old enough
        seed(base + 5, "PAID", 7_200, key);             // paid: never canceled for want of payment
        seed(base + 6, "CANCELED", 7_200, key);         // already canceled
        seed(base + 7, "CREATED", 7_200, key + 1);      // another shard's

        List<Overdue> found = new ArrayList<>();
        Overdue after = Overdue.first();
        List<Overdue> page;
        int pages = 0;
        do {
            page = orders.overdue(0, TIMEOUT_SECONDS, key, key, after, 2);
            found.addAll(page);
            pages++;
            if (!page.isEmpty()) {
                after = page.get(page.size() - 1);
            }
        } while (page.size() == 2);

        assertThat(found).extracting(Overdue::orderId).containsExactly(overdue1, overdue2, overdue3);
        assertThat(pages).isEqualTo(2);
        assertThat(orders.overdue(0, TIMEOUT_SECONDS, key + 1, key + 1, Overdue.first(), 10))
                .extracting(Overdue::orderId).containsExactly(base + 7);
        // a shard of the whole key space sees both ranges' overdue orders
        assertThat(orders.overdue(0, TIMEOUT_SECONDS, 0, LAST_KEY,
                Overdue.first(), 10_000)).extracting(Overdue::orderId).contains(overdue1, overdue2, overdue3, base + 7);
    }

    /** EXPLAIN on MariaDB: t_order is read through idx_order_status_created, message_log by its unique key. */
    @Test
    void theScanReadsTheStatusAndAgeIndexAndJoinsByTheEventKey() {
        List<Map<String, Object>> plan = jdbc.queryForList("EXPLAIN SELECT o.order_id, o.created_at FROM t_order o"
                + " JOIN message_log m ON m.order_id = o.order_id AND m.event_type = 'ORDER_CREATED'"
                + " WHERE o.status = 'CREATED' AND o.created_at <= CURRENT_TIMESTAMP(3) - INTERVAL 1800 SECOND"
                + " AND (o.created_at > '1970-01-01' OR (o.created_at = '1970-01-01' AND o.order_id > 0))"
                + " AND m.shard_key BETWEEN 0 AND 65535 ORDER BY o.created_at, o.order_id LIMIT 200");

        Map<String, Object> order = plan.stream().filter(row -> "o".equals(row.get("table"))).findFirst().orElseThrow();
        Map<String, Object> event = plan.stream().filter(row -> "m".equals(row.get("table"))).findFirst().orElseThrow();
        assertThat(order.get("key")).as(plan.toString()).isEqualTo("idx_order_status_created");
        assertThat(String.valueOf(order.get("Extra"))).as(plan.toString()).doesNotContain("filesort");
        assertThat(event.get("key")).as(plan.toString()).isEqualTo("uk_message_log_order_event");
    }

    private long seed(long orderId, String status, int ageSeconds, int shardKey) {
        jdbc.update("INSERT INTO t_order (order_id, user_id, idempotency_key, sku_id, quantity, status, created_at)"
                + " VALUES (?, 1, ?, 1, 1, ?, CURRENT_TIMESTAMP(3) - INTERVAL ? SECOND)", orderId, "up-" + orderId, status,
                ageSeconds);
        jdbc.update("INSERT INTO message_log (order_id, event_type, shard_key, topic, tag, msg_key, payload, msg_status,"
                + " reconcile_status, next_reconcile_time) VALUES (?, 'ORDER_CREATED', ?, 't', 'ORDER_CREATED', 'k', '{}',"
                + " 'SENT', 'SUCCESS', CURRENT_TIMESTAMP(3))", orderId, shardKey);
        return orderId;
    }
}
