package dev.eventual.order.core.outbox;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import org.apache.rocketmq.spring.core.RocketMQLocalTransactionState;
import org.springframework.stereotype.Component;

import java.util.EnumMap;
import java.util.Map;

/**
 * The half message's meters: how local transactions ended, what check-backs answered, and why events went to
 * the broker fallback instead. Every check-back answer and fallback reason is registered at start: the
 * dashboard's rate() needs a sample before the first one.
 */
@Component
class TransactionMetrics {

    private final MeterRegistry registry;
    private final Map<RocketMQLocalTransactionState, Counter> checkBacks = new EnumMap<>(RocketMQLocalTransactionState.class);
    private final Map<FallbackReason, Counter> fallbacks = new EnumMap<>(FallbackReason.class);

    TransactionMetrics(MeterRegistry registry) {
        this.registry = registry;
        for (RocketMQLocalTransactionState answer : RocketMQLocalTransactionState.values()) {
            checkBacks.put(answer, registry.counter("eventual.order.check-backs", "answer", answer.name()));
        }
        for (FallbackReason reason : FallbackReason.values()) {
            fallbacks.put(reason, registry.counter("eventual.order.broker-fallback", "reason", reason.tag()));
        }
    }

    void localTransaction(LocalTxOutcome outcome) {
        registry.counter("eventual.order.local-transactions", "outcome", outcome.name()).increment();
    }

    void checkBack(RocketMQLocalTransactionState answer) {
        checkBacks.get(answer).increment();
    }

    void fellBack(FallbackReason reason) {
        fallbacks.get(reason).increment();
    }
}
