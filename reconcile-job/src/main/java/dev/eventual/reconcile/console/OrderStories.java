package dev.eventual.reconcile.console;

import dev.eventual.gate.GateProperties;
import dev.eventual.gate.GateState;
import dev.eventual.gate.StockGate;
import dev.eventual.order.core.reconcile.WorkOrders;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.dao.DataAccessException;
import org.springframework.stereotype.Service;

/** Reads one order's story: the order, its events and their consumers' reports, its work orders, its gate reservation. */
@Service
class OrderStories {

    private final WorkOrders workOrders;
    private final GateProperties gate;
    private final ObjectProvider<StockGate> stockGate;

    OrderStories(WorkOrders workOrders, GateProperties gate, ObjectProvider<StockGate> stockGate) {
        this.workOrders = workOrders;
        this.gate = gate;
        this.stockGate = stockGate;
    }

    OrderStory of(long orderId) {
        WorkOrders.Story story = workOrders.story(orderId);
        WorkOrders.Order order = story.order();
        return new OrderStory(orderId, order, story.events(), story.consumers(), story.workOrders(),
                order == null ? null : reservation(order));
    }

    private OrderStory.GateReservation reservation(WorkOrders.Order order) {
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
