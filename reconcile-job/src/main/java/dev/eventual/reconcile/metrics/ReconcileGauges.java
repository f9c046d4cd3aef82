package dev.eventual.reconcile.metrics;

import dev.eventual.order.core.shard.OrderShards;
import dev.eventual.order.core.store.BacklogMapper;
import io.micrometer.core.instrument.Gauge;
import java.util.function.LongSupplier;
import java.util.stream.IntStream;
import java.util.stream.LongStream;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.stereotype.Component;

/**
 * The two numbers an operator watches: how many work orders wait for a person, and how old the
 * oldest event still waiting for reconciliation is (the consistency lag, 0 when nothing waits).
 * Read from order_db when scraped.
 */
@Component
public class ReconcileGauges {

    public ReconcileGauges(MeterRegistry registry, BacklogMapper backlog, OrderShards shards) {
        Gauge.builder("eventual.reconcile.work-orders.open", () -> everyServer(shards, backlog::openWorkOrders)
                        .sum())
                .description("work orders waiting for an operator").register(registry);
        Gauge.builder("eventual.reconcile.lag.seconds", () -> everyServer(shards, backlog::oldestUnreconciledSeconds)
                        .max().orElse(0))
                .description("age of the oldest event not yet reconciled").baseUnit("seconds").register(registry);
    }

    /** Sums and maxima over order_db's servers; a server that cannot answer makes the gauge fail (NaN), not lie. */
    private static LongStream everyServer(OrderShards shards, LongSupplier read) {
        return IntStream.range(0, shards.servers()).mapToLong(server -> shards.on(server, read::getAsLong));
    }
}
