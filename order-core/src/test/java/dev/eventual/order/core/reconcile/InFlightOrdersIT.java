package dev.eventual.order.core.reconcile;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

/**
 * What the stock gate's rebuild reads from order_db: the committed orders whose ORDER_CREATED is not
 * finished and whose inventory report is missing or still PROCESSING, page by page in message id order;
 * and which reserved orders were ever committed.
 */
@ReconcileStoreIT
class InFlightOrdersIT {

    private static final String INVENTORY = "inventory-group";

    @Autowired
    InFlightOrders orders;

    @Autowired
    JdbcTemplate jdbc;

    @Test
    void onlyOrdersInventoryMayNotHaveSettledAreInFlight() {
        long before = jdbc.queryForObject("SELECT COALESCE(MAX(id), 0) FROM message_log", Long.class);
        long base = ThreadLocalRandom.current().nextLong(1L << 40, 1L << 50);
        seed(base, 1, "PENDING", null, true);
        seed(base, 2, "RETRY", "PROCESSING", true);
        seed(base, 3, "FAIL", null, true);
        seed(base, 4, "PENDING", "SUCCESS", true);     // inventory reported it settled
        seed(base, 5, "SUCCESS", null, true);          // reconciled
        seed(base, 6, "PENDING", null, false);         // never committed

        List<InFlightOrders.Order> found = new ArrayList<>();
        List<InFlightOrders.Order> page;
        long after = before;
        do {
            page = orders.page(0, INVENTORY, after, 2);
            found.addAll(page);
            after = page.isEmpty() ? after : page.get(page.size() - 1).messageId();
        } while (page.size() == 2);

        assertThat(found).filteredOn(order -> order.orderId() > base && order.orderId() <= base + 6)
                .extracting(InFlightOrders.Order::orderId, InFlightOrders.Order::skuId, InFlightOrders.Order::quantity)
                .containsExactly(tuple(base + 1, 501L, 2), tuple(base + 2, 502L, 2), tuple(base + 3, 503L, 2));
        assertThat(orders.existing(List.of(base + 1, base + 5, base + 6))).containsExactlyInAnyOrder(base + 1, base + 5);
    }

    /** Order {@code base + n}, of SKU 500 + n. */
    private void seed(long base, int n, String reconcileStatus, String inventoryReport, boolean committed) {
        long orderId = base + n;
        if (committed) {
            jdbc.update("INSERT INTO t_order (order_id, user_id, idempotency_key, sku_id, quantity, status)"
                    + " VALUES (?, 1, ?, ?, 2, 'CREATED')", orderId, "if-" + orderId, 500 + n);
        }
        jdbc.update("INSERT INTO message_log (order_id, event_type, shard_key, topic, tag, msg_key, payload, msg_status,"
                + " reconcile_status, next_reconcile_time) VALUES (?, 'ORDER_CREATED', 9, 't', 'ORDER_CREATED', 'k', '{}',"
                + " 'SENT', ?, CURRENT_TIMESTAMP(3) + INTERVAL 1 HOUR)", orderId, reconcileStatus);
        if (inventoryReport != null) {
            jdbc.update("INSERT INTO message_consumer_status (order_id, event_type, consumer_group, status)"
                    + " VALUES (?, 'ORDER_CREATED', ?, ?)", orderId, INVENTORY, inventoryReport);
        }
    }
}
