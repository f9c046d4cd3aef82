package dev.eventual.order.tx;

import dev.eventual.common.event.OrderCreatedEvent;
import dev.eventual.common.event.OrderEvents;
import dev.eventual.common.messaging.OrderEventType;
import dev.eventual.order.gate.OrderGate;
import dev.eventual.tracing.OrderTraces;
import org.apache.rocketmq.spring.annotation.RocketMQTransactionListener;
import org.apache.rocketmq.spring.core.RocketMQLocalTransactionListener;
import org.apache.rocketmq.spring.core.RocketMQLocalTransactionState;
import org.apache.rocketmq.spring.support.RocketMQHeaders;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.messaging.Message;

/**
 * The one transaction listener of order-service's template: runs the local transaction a publish
 * carries, and answers check-backs through {@link CheckBack}.
 */
@RocketMQTransactionListener
public class OrderTransactionListener implements RocketMQLocalTransactionListener {

    private static final Logger log = LoggerFactory.getLogger(OrderTransactionListener.class);

    private final LocalTransactionRunner runner;
    private final CheckBack checkBack;
    private final TransactionMetrics metrics;
    private final OrderTraces traces;
    private final OrderGate gate;

    public OrderTransactionListener(LocalTransactionRunner runner, CheckBack checkBack, TransactionMetrics metrics,
                                    OrderTraces traces, OrderGate gate) {
        this.runner = runner;
        this.checkBack = checkBack;
        this.metrics = metrics;
        this.traces = traces;
        this.gate = gate;
    }

    @Override
    public RocketMQLocalTransactionState executeLocalTransaction(Message message, Object argument) {
        PublishAttempt attempt = (PublishAttempt) argument;
        LocalTxOutcome outcome;
        try {
            outcome = runner.run(attempt.orderId(), attempt.eventType(), transactionId(message), attempt.work());
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
            if (answer == RocketMQLocalTransactionState.ROLLBACK && eventType == OrderEventType.ORDER_CREATED) {
                giveBack(orderId, message);
            }
            return answer;
        }
    }

    /** This attempt will never be an order: a gated SKU's units go back (a no-op when given back before). */
    private void giveBack(long orderId, Message message) {
        long sku;
        try {
            sku = OrderEvents.fromBytes((byte[]) message.getPayload(), OrderCreatedEvent.class).skuId();
        } catch (RuntimeException unreadable) {
            log.warn("Order {}: rolled back, but its half message names no SKU to give back ({})", orderId,
                    unreadable.toString());
            return;
        }
        gate.giveBack(sku, orderId, "check_back_rollback");
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
