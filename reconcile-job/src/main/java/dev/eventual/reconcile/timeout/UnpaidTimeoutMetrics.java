package dev.eventual.reconcile.timeout;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.stereotype.Component;

/** {@code eventual.reconcile.unpaid.orders{outcome}}: what the unpaid timeout did with each overdue order. */
@Component
class UnpaidTimeoutMetrics {

    private final Counter canceled;
    private final Counter lostRace;
    private final Counter failed;

    UnpaidTimeoutMetrics(MeterRegistry registry) {
        this.canceled = counter(registry, "canceled");
        this.lostRace = counter(registry, "lost_race");
        this.failed = counter(registry, "failed");
    }

    private static Counter counter(MeterRegistry registry, String outcome) {
        return Counter.builder("eventual.reconcile.unpaid.orders")
                .description("overdue unpaid orders: canceled, lost to a payment or cancel (409), failed")
                .tag("outcome", outcome).register(registry);
    }

    void canceled() {
        canceled.increment();
    }

    void lostRace() {
        lostRace.increment();
    }

    void failed() {
        failed.increment();
    }
}
