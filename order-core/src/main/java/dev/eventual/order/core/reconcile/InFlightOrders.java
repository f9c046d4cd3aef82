package dev.eventual.order.core.reconcile;

import dev.eventual.order.core.shard.OrderShards;
import org.springframework.stereotype.Service;

import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.stream.Collectors;

/** order_db as the stock gate's repair reads it (docs/stock-gate.md); it writes nothing there. */
@Service
public class InFlightOrders {

    private final OrderShards shards;
    private final GateOrderMapper orders;

    InFlightOrders(OrderShards shards, GateOrderMapper orders) {
        this.shards = shards;
        this.orders = orders;
    }

    /**
     * One page, by message id, of the orders on {@code server} whose ORDER_CREATED is not finished and whose
     * report by {@code inventoryGroup} is not in ({@link GateOrderMapper#inFlight}).
     */
    public List<Order> page(int server, String inventoryGroup, long afterMessageId, int limit) {
        return shards.on(server, () -> orders.inFlight(inventoryGroup, afterMessageId, limit));
    }

    /** Which of these orders exist, asking each order's server once: the rest never committed. */
    public List<Long> existing(Collection<Long> orderIds) {
        List<Long> existing = new ArrayList<>();
        orderIds.stream().collect(Collectors.groupingBy(shards::serverOfOrder)).forEach((server, ids) ->
                existing.addAll(shards.on(server, () -> orders.existing(ids))));
        return existing;
    }

    /**
     * An order committed in order_db that inventory has not reported settling yet: if Redis lost its data,
     * its reservation is restored before its SKU is seeded.
     *
     * @param messageId its ORDER_CREATED row's id: the rebuild's place in the scan
     */
    public record Order(long messageId, long orderId, long skuId, int quantity, LocalDateTime createdAt) {
    }
}
