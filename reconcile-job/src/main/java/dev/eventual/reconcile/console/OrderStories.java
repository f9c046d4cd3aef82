package dev.eventual.reconcile.console;

import dev.eventual.order.core.reconcile.WorkOrders;
import dev.eventual.reconcile.gate.GateReservations;
import org.springframework.stereotype.Service;

/** Reads one order's story: the order, its events and their consumers' reports, its work orders, its gate reservation. */
@Service
class OrderStories {

    private final WorkOrders workOrders;
    private final GateReservations reservations;

    OrderStories(WorkOrders workOrders, GateReservations reservations) {
        this.workOrders = workOrders;
        this.reservations = reservations;
    }

    OrderStory of(long orderId) {
        WorkOrders.Story story = workOrders.story(orderId);
        WorkOrders.Order order = story.order();
        return new OrderStory(orderId, order, story.events(), story.consumers(), story.workOrders(),
                order == null ? null : reservations.of(order.skuId(), order.orderId()).orElse(null));
    }
}
