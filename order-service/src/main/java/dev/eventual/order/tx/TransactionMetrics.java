package dev.eventual.order.tx;

import io.micrometer.core.instrument.MeterRegistry;
import org.apache.rocketmq.spring.core.RocketMQLocalTransactionState;
import org.springframework.stereotype.Component;

/** The half message's meters: how local transactions ended and what check-backs answered. */
@Component
public class TransactionMetrics {

    private final MeterRegistry registry;

    public TransactionMetrics(MeterRegistry registry) {
        this.registry = registry;
    }

    void localTransaction(LocalTxOutcome outcome) {
        registry.counter("eventual.order.local-transactions", "outcome", outcome.name()).increment();
    }

    void checkBack(RocketMQLocalTransactionState answer) {
        registry.counter("eventual.order.check-backs", "answer", answer.name()).increment();
    }
}
