package dev.eventual.reconcile.console;

import dev.eventual.order.core.reconcile.WorkOrders;

import java.util.List;

/**
 * Everything order_db (and the stock gate) knows about one order, for one page.
 *
 * @param order null when order_db has no such order (never committed, or only events are left)
 * @param gate  null unless the stock gate is on for the order's SKU
 */
record OrderStory(long orderId, WorkOrders.Order order, List<WorkOrders.Event> events,
                  List<WorkOrders.ConsumerReport> consumers, List<WorkOrders.Audited> workOrders, GateReservation gate) {

    /**
     * The gate's count for the SKU and what this order holds of it.
     *
     * @param available   null when Redis has no count (never seeded, or lost its data)
     * @param held        units this order's reservation holds; null when it holds none (applied, given back, or never taken)
     * @param unavailable why Redis could not be read; null when it was
     */
    record GateReservation(long sku, Long available, Integer held, String unavailable) {
    }

    boolean known() {
        return order != null || !events.isEmpty() || !workOrders.isEmpty();
    }
}
