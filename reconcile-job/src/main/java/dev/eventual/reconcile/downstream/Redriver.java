package dev.eventual.reconcile.downstream;

import dev.eventual.common.api.RedriveResult;
import dev.eventual.common.event.OrderCanceledEvent;
import dev.eventual.common.event.OrderCreatedEvent;
import dev.eventual.common.event.OrderEvents;
import dev.eventual.common.status.DownstreamStatus;
import dev.eventual.reconcile.config.ReconcileProperties;
import dev.eventual.reconcile.decide.Action;
import dev.eventual.reconcile.decide.Observation;
import dev.eventual.reconcile.scan.DueRow;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.stereotype.Component;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Runs re-drives with the event payload stored in message_log; every downstream call is
 * idempotent. A re-drive is a round trip that mostly waits (the service's commit, its report to
 * order-service), so a page's rows are re-driven {@code redrive-concurrency} at a time; a row's
 * own actions stay in order.
 */
@Component
public class Redriver implements DisposableBean {

    private static final Logger log = LoggerFactory.getLogger(Redriver.class);

    private final InventoryClient inventory;
    private final NoticeClient notice;
    private final ExecutorService pool;

    public Redriver(InventoryClient inventory, NoticeClient notice, ReconcileProperties properties) {
        this.inventory = inventory;
        this.notice = notice;
        AtomicInteger threads = new AtomicInteger();
        this.pool = Executors.newFixedThreadPool(properties.redriveConcurrency(), task -> {
            Thread thread = new Thread(task, "reconcile-redrive-" + threads.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        });
    }

    /** What is known after each row's actions, in the order of {@code redrives}. */
    public List<Observation> redrive(List<Redrive> redrives) {
        if (redrives.size() <= 1) {
            return redrives.stream().map(this::redriveOne).toList();
        }
        List<CompletableFuture<Observation>> running = redrives.stream()
                .map(redrive -> CompletableFuture.supplyAsync(() -> redriveOne(redrive), pool)).toList();
        return running.stream().map(CompletableFuture::join).toList();
    }

    private Observation redriveOne(Redrive redrive) {
        Observation after = redrive.seen();
        for (Action action : redrive.actions()) {
            after = after.after(action, perform(action, redrive.row()));
        }
        return after;
    }

    /** @return the downstream status afterwards, or null when the call failed (the next run tries again) */
    private DownstreamStatus perform(Action action, DueRow row) {
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

    @Override
    public void destroy() {
        pool.shutdownNow();
    }
}
