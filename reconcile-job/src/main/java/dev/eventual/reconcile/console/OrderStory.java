package dev.eventual.reconcile.console;

import dev.eventual.order.core.reconcile.WorkOrders;
import dev.eventual.reconcile.gate.GateReservations;

import java.util.List;

/**
 * Everything order_db (and the stock gate) knows about one order, for one page.
 *
 * @param order null when order_db has no such order (never committed, or only events are left)
 * @param gate  null unless the stock gate is on for the order's SKU
 */
record OrderStory(long orderId, WorkOrders.Order order, List<WorkOrders.Event> events,
                  List<WorkOrders.ConsumerReport> consumers, List<WorkOrders.Audited> workOrders, GateReservations.Reservation gate) {

    boolean known() {
        return order != null || !events.isEmpty() || !workOrders.isEmpty();
    }
}
