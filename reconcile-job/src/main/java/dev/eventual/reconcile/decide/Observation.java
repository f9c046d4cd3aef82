package dev.eventual.reconcile.decide;

import dev.eventual.common.messaging.OrderEventType;
import dev.eventual.common.status.DownstreamStatus;
import dev.eventual.order.core.status.OrderStatus;

/**
 * What the reconcile job knows about one event.
 *
 * @param orderStatus null when the order row is missing
 * @param inventory   inventory-service's batch status of the order
 * @param notice      for ORDER_CREATED notice-service's batch status; for ORDER_CANCELED the notice
 *                    group's report in order_db (NOT_FOUND when it never reported)
 */
public record Observation(OrderEventType eventType, OrderStatus orderStatus, DownstreamStatus inventory,
                          DownstreamStatus notice) {

    /** What is known after an action: its answer replaces the status of the service it went to (null: the call failed). */
    public Observation after(Action action, DownstreamStatus answer) {
        DownstreamStatus status = answer == null ? DownstreamStatus.FAIL : answer;
        return switch (action) {
            case REDRIVE_INVENTORY, RELEASE_INVENTORY -> new Observation(eventType, orderStatus, status, notice);
            case REDRIVE_NOTICE, REDRIVE_CANCEL_NOTICE -> new Observation(eventType, orderStatus, inventory, status);
        };
    }

    /** The same statuses with the order's status read again (null: the order row is missing). */
    public Observation withOrderStatus(OrderStatus now) {
        return new Observation(eventType, now, inventory, notice);
    }

    /** Both consumers applied the event: what each would have reported to order-service. */
    public boolean appliedByEveryConsumer() {
        DownstreamStatus applied = eventType == OrderEventType.ORDER_CREATED ? DownstreamStatus.SUCCESS : DownstreamStatus.RELEASED;
        return inventory == applied && notice == DownstreamStatus.SUCCESS;
    }
}
