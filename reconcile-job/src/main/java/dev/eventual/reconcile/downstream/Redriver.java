package dev.eventual.reconcile.downstream;

import dev.eventual.common.api.RedriveResult;
import dev.eventual.common.event.OrderCanceledEvent;
import dev.eventual.common.event.OrderCreatedEvent;
import dev.eventual.common.event.OrderEvents;
import dev.eventual.common.status.DownstreamStatus;
import dev.eventual.reconcile.decide.Action;
import dev.eventual.reconcile.scan.DueRow;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/** Runs one action with the event payload stored in message_log; every downstream call is idempotent. */
@Component
public class Redriver {

    private static final Logger log = LoggerFactory.getLogger(Redriver.class);

    private final InventoryClient inventory;
    private final NoticeClient notice;

    public Redriver(InventoryClient inventory, NoticeClient notice) {
        this.inventory = inventory;
        this.notice = notice;
    }

    /** @return the downstream status afterwards, or null when the call failed (the next run tries again) */
    public DownstreamStatus perform(Action action, DueRow row) {
        try {
            RedriveResult result = switch (action) {
                case REDRIVE_INVENTORY -> inventory.retry(created(row));
                case REDRIVE_NOTICE -> notice.retryCreated(created(row));
                case RELEASE_INVENTORY -> inventory.release(canceled(row));
                case REDRIVE_CANCEL_NOTICE -> notice.retryCanceled(canceled(row));
            };
            log.info("Order {}: {} -> {} ({})", row.orderId(), action, result.status(), result.detail());
            return result.status();
        } catch (RuntimeException e) {
            log.warn("Order {}: {} failed, the next run tries again: {}", row.orderId(), action, e.toString());
            return null;
        }
    }

    private static OrderCreatedEvent created(DueRow row) {
        return OrderEvents.fromJson(row.payload(), OrderCreatedEvent.class);
    }

    private static OrderCanceledEvent canceled(DueRow row) {
        return OrderEvents.fromJson(row.payload(), OrderCanceledEvent.class);
    }
}
