package dev.eventual.order.support;

import dev.eventual.common.messaging.OrderEventType;
import org.apache.rocketmq.spring.core.RocketMQLocalTransactionListener;
import org.apache.rocketmq.spring.core.RocketMQLocalTransactionState;
import org.apache.rocketmq.spring.support.RocketMQHeaders;
import org.springframework.messaging.support.MessageBuilder;

/**
 * Asks order-service's transaction listener about one publish attempt as the broker's check-back does: a half
 * message with the headers order-core's publisher sets on every one, the attempt's transaction id and its body.
 */
public final class CheckBacks {

    private CheckBacks() {
    }

    public static RocketMQLocalTransactionState ask(RocketMQLocalTransactionListener listener, long orderId,
                                                    OrderEventType eventType, String transactionId, byte[] body) {
        return listener.checkLocalTransaction(MessageBuilder.withPayload(body)
                .setHeader("EVENTUAL_ORDER_ID", Long.toString(orderId))
                .setHeader("EVENTUAL_EVENT_TYPE", eventType.name())
                .setHeader(RocketMQHeaders.PREFIX + RocketMQHeaders.TRANSACTION_ID, transactionId)
                .build());
    }

    public static RocketMQLocalTransactionState ask(RocketMQLocalTransactionListener listener, long orderId,
                                                    OrderEventType eventType, String transactionId) {
        return ask(listener, orderId, eventType, transactionId, new byte[0]);
    }
}
