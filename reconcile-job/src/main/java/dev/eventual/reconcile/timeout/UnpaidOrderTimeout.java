package dev.eventual.reconcile.timeout;

import dev.eventual.order.core.shard.OrderShards;
import dev.eventual.order.core.reconcile.UnpaidOrders;
import dev.eventual.order.core.reconcile.UnpaidOrders.Overdue;
import dev.eventual.reconcile.shard.ShardRange;
import dev.eventual.tracing.OrderTraces;
import feign.FeignException;
import feign.RetryableException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;

import java.util.List;

/**
 * Cancels the orders of one shard that are still CREATED past {@code eventual.reconcile.unpaid.timeout},
 * through order-service's cancel (the ORDER_CANCELED event releases the stock and sends the cancel
 * notice), with reason {@value #REASON}. The database is the truth: a scan survives a broker outage or
 * a lost timer, and shards like reconciliation (docs/reconcile-job.md says why not a timer message).
 * <p>
 * The cancel asks for a CREATED order only, so a payment confirmed meanwhile wins and the cancel gets
 * 409: the expected loser of a race, counted and logged at INFO.
 */
@Service
public class UnpaidOrderTimeout {

    static final String REASON = "payment-timeout";
    private static final Logger log = LoggerFactory.getLogger(UnpaidOrderTimeout.class);

    private final OrderShards shards;
    private final UnpaidOrders orders;
    private final UnpaidOrderCancelClient orderService;
    private final UnpaidTimeoutProperties properties;
    private final UnpaidTimeoutMetrics metrics;

    UnpaidOrderTimeout(OrderShards shards, UnpaidOrders orders, UnpaidOrderCancelClient orderService, UnpaidTimeoutProperties properties,
                       UnpaidTimeoutMetrics metrics) {
        this.shards = shards;
        this.orders = orders;
        this.orderService = orderService;
        this.properties = properties;
        this.metrics = metrics;
    }

    public TimeoutResult run(ShardRange shard) {
        if (!properties.enabled()) {
            return new TimeoutResult(0, 0, 0, false);
        }
        TimeoutResult total = new TimeoutResult(0, 0, 0, false);
        for (ShardRange.Part part : shard.own(shards.servers())) {
            TimeoutResult onServer = run(part);
            total = new TimeoutResult(total.canceled() + onServer.canceled(), total.lostRaces() + onServer.lostRaces(),
                    total.failed() + onServer.failed(), onServer.stopped());
            if (onServer.stopped()) {
                break;
            }
        }
        return total;
    }

    private TimeoutResult run(ShardRange.Part part) {
        int canceled = 0;
        int lostRaces = 0;
        int failed = 0;
        Overdue after = Overdue.first();
        while (true) {
            List<Overdue> page = orders.overdue(part.server(), properties.timeout().toSeconds(), part.keys().fromKey(),
                    part.keys().toKeyInclusive(), after, properties.pageSize());
            for (Overdue order : page) {
                switch (cancel(order.orderId())) {
                    case CANCELED -> canceled++;
                    case LOST_RACE -> lostRaces++;
                    case FAILED -> failed++;
                    case UNREACHABLE -> {
                        // every other order of the page would wait for the same timeouts: the next run tries again
                        return new TimeoutResult(canceled, lostRaces, failed + 1, true);
                    }
                }
            }
            if (page.size() < properties.pageSize()) {
                return new TimeoutResult(canceled, lostRaces, failed, false);
            }
            after = page.get(page.size() - 1);
        }
    }

    private enum Outcome { CANCELED, LOST_RACE, FAILED, UNREACHABLE }

    private Outcome cancel(long orderId) {
        try (OrderTraces.OrderInLogs inLogs = OrderTraces.inLogs(orderId)) {
            return cancelInLogs(orderId);
        }
    }

    private Outcome cancelInLogs(long orderId) {
        try {
            orderService.cancel(Long.toString(orderId), new UnpaidOrderCancelClient.CancelRequest(REASON, "CREATED"));
            metrics.canceled();
            log.info("Order {} canceled: unpaid for more than {}", orderId, properties.timeout());
            return Outcome.CANCELED;
        } catch (FeignException.Conflict e) {
            metrics.lostRace();
            log.info("Order {} not canceled for want of payment: paid or canceled meanwhile (409)", orderId);
            return Outcome.LOST_RACE;
        } catch (RetryableException | FeignException.ServiceUnavailable e) {
            metrics.failed();
            log.warn("Order {} not canceled for want of payment: order-service cannot cancel now, the run stops ({})",
                    orderId, e.toString());
            return Outcome.UNREACHABLE;
        } catch (RuntimeException e) {
            metrics.failed();
            log.warn("Order {} not canceled for want of payment, the next run tries again: {}", orderId, e.toString());
            return Outcome.FAILED;
        }
    }
}
