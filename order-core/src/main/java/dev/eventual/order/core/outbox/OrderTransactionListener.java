package dev.eventual.order.core.outbox;

import dev.eventual.order.core.outbox.OrderOutbox.CheckBackRollbacks;
import dev.eventual.common.messaging.OrderEventType;
import dev.eventual.tracing.OrderTraces;
import org.apache.rocketmq.spring.annotation.RocketMQTransactionListener;
import org.apache.rocketmq.spring.core.RocketMQLocalTransactionListener;
import org.apache.rocketmq.spring.core.RocketMQLocalTransactionState;
import org.apache.rocketmq.spring.support.RocketMQHeaders;
import org.springframework.messaging.Message;

import java.util.List;

/**
 * The one transaction listener of order-service's template: runs the local transaction a publish
 * carries, and answers check-backs through {@link CheckBack}.
 */
@RocketMQTransactionListener
class OrderTransactionListener implements RocketMQLocalTransactionListener {

    private final LocalTransactionRunner runner;
    private final CheckBack checkBack;
    private final TransactionMetrics metrics;
    private final OrderTraces traces;
    private final List<CheckBackRollbacks> rollbacks;

    OrderTransactionListener(LocalTransactionRunner runner, CheckBack checkBack, TransactionMetrics metrics,
                             OrderTraces traces, List<CheckBackRollbacks> rollbacks) {
        this.runner = runner;
        this.checkBack = checkBack;
        this.metrics = metrics;
        this.traces = traces;
        this.rollbacks = rollbacks;
    }

    @Override
    public RocketMQLocalTransactionState executeLocalTransaction(Message message, Object argument) {
        PublishAttempt attempt = (PublishAttempt) argument;
        LocalTxOutcome outcome;
        try {
            outcome = runner.run(attempt, transactionId(message), OrderOutbox.NEW_EVENT_STATUS);
        } catch (Error e) {
            // rolled back: the broker hears UNKNOWN from the client and the check-back answers ROLLBACK
            attempt.failed(e);
            throw e;
        }
        attempt.record(outcome);
        metrics.localTransaction(outcome);
        return outcome.brokerAnswer();
    }

    @Override
    public RocketMQLocalTransactionState checkLocalTransaction(Message message) {
        long orderId = Long.parseLong(header(message, OrderEventHeaders.ORDER_ID));
        OrderEventType eventType = OrderEventType.valueOf(header(message, OrderEventHeaders.EVENT_TYPE));
        Object traceparent = message.getHeaders().get(OrderTraces.TRACEPARENT);
        try (OrderTraces.OrderScope scope = traces.resume("order-event check-back", orderId,
                traceparent == null ? null : traceparent.toString())) {
            RocketMQLocalTransactionState answer = checkBack.answer(orderId, eventType, transactionId(message));
            metrics.checkBack(answer);
            if (answer == RocketMQLocalTransactionState.ROLLBACK && !rollbacks.isEmpty()
                    && !checkBack.eventRecordedByAnotherAttempt(orderId, eventType)) {
                rollbacks.forEach(hook -> hook.rolledBack(orderId, eventType, (byte[]) message.getPayload()));
            }
            return answer;
        }
    }

    private static String transactionId(Message message) {
        Object id = message.getHeaders().get(RocketMQHeaders.PREFIX + RocketMQHeaders.TRANSACTION_ID);
        return id == null ? null : id.toString();
    }

    private static String header(Message message, String name) {
        Object value = message.getHeaders().get(name);
        if (value == null) {
            throw new IllegalStateException("half message without " + name + " header");
        }
        return value.toString();
    }
}
