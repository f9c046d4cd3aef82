package dev.eventual.reconcile.gate;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.stereotype.Component;

/**
 * {@code eventual.gate.repaired{kind}}: what the repair changed. {@code reservation_restored} and
 * {@code sku_rebuilt} follow a Redis that lost its data; {@code reservation_given_back} an
 * order-service that died between the gate and the commit; {@code count_corrected} counts units by
 * which a count was off (a gate update that could not reach Redis, a retried order that failed first).
 */
@Component
class GateRepairMetrics {

    private final Counter restored;
    private final Counter rebuilt;
    private final Counter givenBack;
    private final Counter corrected;

    GateRepairMetrics(MeterRegistry registry) {
        this.restored = counter(registry, "reservation_restored");
        this.rebuilt = counter(registry, "sku_rebuilt");
        this.givenBack = counter(registry, "reservation_given_back");
        this.corrected = counter(registry, "count_corrected");
    }

    private static Counter counter(MeterRegistry registry, String kind) {
        return Counter.builder("eventual.gate.repaired")
                .description("the stock gate's repair: reservations restored and given back, SKUs rebuilt, units corrected")
                .tag("kind", kind).register(registry);
    }

    void record(GateRepairResult result) {
        restored.increment(result.restored());
        rebuilt.increment(result.rebuilt());
        givenBack.increment(result.givenBack());
        corrected.increment(result.corrected());
    }
}
