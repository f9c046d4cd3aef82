package dev.eventual.order.core.outbox;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import org.apache.rocketmq.spring.core.RocketMQLocalTransactionState;
import org.springframework.stereotype.Component;

import java.util.EnumMap;
import java.util.Map;

/**
 * The half message's meters: how local transactions ended and what check-backs answered. Every
 * check-back answer is registered at start: the dashboard's rate() needs a sample before the first one.
 */
@Component
class TransactionMetrics {

    private final MeterRegistry registry;
    private final Map<RocketMQLocalTransactionState, Counter> checkBacks = new EnumMap<>(RocketMQLocalTransactionState.class);

    TransactionMetrics(MeterRegistry registry) {
        this.registry = registry;
        for (RocketMQLocalTransactionState answer : RocketMQLocalTransactionState.values()) {
            checkBacks.put(answer, registry.counter("eventual.order.check-backs", "answer", answer.name()));
        }
    }

    void localTransaction(LocalTxOutcome outcome) {
        registry.counter("eventual.order.local-transactions", "outcome", outcome.name()).increment();
    }

    void checkBack(RocketMQLocalTransactionState answer) {
        checkBacks.get(answer).increment();
    }
}
