package dev.eventual.order.payment;

import dev.eventual.order.core.orders.Orders.PaymentResult;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.stereotype.Component;

import java.util.EnumMap;
import java.util.Map;

/** {@code eventual.orders.payments{result}}: every confirmation by what it came to (docs/order-service.md). */
@Component
class PaymentMetrics {

    private final Map<PaymentResult, Counter> counters = new EnumMap<>(PaymentResult.class);

    PaymentMetrics(MeterRegistry registry) {
        // registered up front so that a dashboard sees every result at 0, not only the ones seen so far
        for (PaymentResult result : PaymentResult.values()) {
            counters.put(result, Counter.builder("eventual.orders.payments").description("payment confirmations by result")
                    .tag("result", result.tag()).register(registry));
        }
    }

    void count(PaymentResult result) {
        counters.get(result).increment();
    }
}
