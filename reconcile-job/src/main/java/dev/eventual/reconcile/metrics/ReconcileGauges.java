package dev.eventual.reconcile.metrics;

import dev.eventual.order.core.store.BacklogMapper;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.stereotype.Component;

/**
 * The two numbers an operator watches: how many work orders wait for a person, and how old the
 * oldest event still waiting for reconciliation is (the consistency lag, 0 when nothing waits).
 * Read from order_db when scraped.
 */
@Component
public class ReconcileGauges {

    public ReconcileGauges(MeterRegistry registry, BacklogMapper backlog) {
        Gauge.builder("eventual.reconcile.work-orders.open", backlog, BacklogMapper::openWorkOrders)
                .description("work orders waiting for an operator").register(registry);
        Gauge.builder("eventual.reconcile.lag.seconds", backlog, BacklogMapper::oldestUnreconciledSeconds)
                .description("age of the oldest event not yet reconciled").baseUnit("seconds").register(registry);
    }
}
