package dev.eventual.reconcile.metrics;

import dev.eventual.order.core.reconcile.ReconcilePages;
import dev.eventual.order.core.reconcile.WorkOrders;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.stereotype.Component;

/**
 * The two numbers an operator watches: how many work orders wait for a person, and how old the
 * oldest event still waiting for reconciliation is (the consistency lag, 0 when nothing waits).
 * Read from order_db when scraped, over every server; a server that cannot answer makes the gauge fail
 * (NaN), not lie.
 */
@Component
public class ReconcileGauges {

    public ReconcileGauges(MeterRegistry registry, WorkOrders workOrders, ReconcilePages pages) {
        Gauge.builder("eventual.reconcile.work-orders.open", workOrders::open)
                .description("work orders waiting for an operator").register(registry);
        Gauge.builder("eventual.reconcile.lag.seconds", pages::oldestUnreconciledSeconds)
                .description("age of the oldest event not yet reconciled").baseUnit("seconds").register(registry);
    }
}
