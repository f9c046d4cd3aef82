package dev.eventual.order.core;

import dev.eventual.order.core.orders.Orders;
import dev.eventual.order.core.shard.OrderShards;

import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;

/** Orders as a test places them through the façade: ids carry the customer's logical shard, as order-service mints them. */
public final class TestOrders {

    private static final AtomicLong SEQUENCE = new AtomicLong((System.currentTimeMillis() % 1_000_000_000L) * 1_000);

    private TestOrders() {
    }

    /** A fresh order id on {@code userId}'s logical shard. */
    public static long id(long userId) {
        return (SEQUENCE.incrementAndGet() << OrderShards.LOGICAL_BITS) | OrderShards.geneOfUser(userId);
    }

    public static Orders.Placement place(Orders orders, long userId, long skuId) {
        return orders.place(id(userId), new Orders.NewOrder(userId, UUID.randomUUID().toString(), skuId, 1));
    }
}
