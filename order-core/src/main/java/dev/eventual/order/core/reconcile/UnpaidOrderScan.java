package dev.eventual.order.core.reconcile;

import dev.eventual.order.core.shard.OrderShards;
import org.springframework.stereotype.Service;

import java.util.List;

/** {@link UnpaidOrders} on order_db: each page one statement on the server asked. */
@Service
class UnpaidOrderScan implements UnpaidOrders {

    private final OrderShards shards;
    private final UnpaidOrderMapper orders;

    UnpaidOrderScan(OrderShards shards, UnpaidOrderMapper orders) {
        this.shards = shards;
        this.orders = orders;
    }

    @Override
    public List<Overdue> overdue(int server, long timeoutSeconds, int fromKey, int toKey, Overdue after, int limit) {
        return shards.on(server, () -> orders.overdue(timeoutSeconds, fromKey, toKey, after, limit));
    }
}
