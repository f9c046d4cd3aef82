package dev.eventual.reconcile.console;

import dev.eventual.order.core.shard.OrderShards;
import dev.eventual.order.core.store.ConsoleMapper;
import dev.eventual.gate.GateProperties;
import dev.eventual.gate.GateState;
import dev.eventual.gate.StockGate;
import dev.eventual.order.core.store.WorkOrderMapper;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.dao.DataAccessException;
import org.springframework.stereotype.Service;

import java.util.List;

/** Reads one order's story: the order, its events and their consumers' reports, its work orders, its gate reservation. */
@Service
class OrderStories {

    /** An order has at most one work order per event type. */
    private static final int WORK_ORDERS = 10;

    private final OrderShards shards;
    private final ConsoleMapper console;
    private final WorkOrderMapper workOrders;
    private final GateProperties gate;
    private final ObjectProvider<StockGate> stockGate;

    OrderStories(OrderShards shards, ConsoleMapper console, WorkOrderMapper workOrders, GateProperties gate,
                 ObjectProvider<StockGate> stockGate) {
        this.shards = shards;
        this.console = console;
        this.workOrders = workOrders;
        this.gate = gate;
        this.stockGate = stockGate;
    }

    OrderStory of(long orderId) {
        return shards.onOrder(orderId, () -> {
            ConsoleMapper.OrderRow order = console.order(orderId);
            List<OrderStory.WorkOrderStory> orders = workOrders.page(null, orderId, null, null, null, WORK_ORDERS, 0).stream()
                    .map(row -> new OrderStory.WorkOrderStory(row, workOrders.auditTrail(row.id()))).toList();
            return new OrderStory(orderId, order, console.events(orderId), console.consumers(orderId), orders,
                    order == null ? null : reservation(order));
        });
    }

    private OrderStory.GateReservation reservation(ConsoleMapper.OrderRow order) {
        StockGate redis = stockGate.getIfAvailable();
        if (redis == null || !gate.gates(order.skuId())) {
            return null;
        }
        try {
            GateState state = redis.state(order.skuId());
            return new OrderStory.GateReservation(order.skuId(), state.available(),
                    state.reservations().get(order.orderId()), null);
        } catch (DataAccessException e) {
            // the rest of the story is order_db's: it is still worth showing while Redis is away
            return new OrderStory.GateReservation(order.skuId(), null, null, e.getMessage());
        }
    }
}
