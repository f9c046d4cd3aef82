package dev.eventual.notice.support;

import dev.eventual.common.messaging.OrderMessaging;
import org.apache.rocketmq.client.consumer.store.ReadOffsetType;
import org.apache.rocketmq.client.producer.SendResult;
import org.apache.rocketmq.spring.support.DefaultRocketMQListenerContainer;
import org.springframework.context.ApplicationContext;

/** The service's own consumer of the notice group, observed (never driven) by the tests. */
public final class NoticeConsumer {

    private NoticeConsumer() {
    }

    public static DefaultRocketMQListenerContainer container(ApplicationContext context) {
        return context.getBeansOfType(DefaultRocketMQListenerContainer.class).values().stream()
                .filter(c -> OrderMessaging.NOTICE_CONSUMER_GROUP.equals(c.getConsumerGroup()))
                .findFirst().orElseThrow(() -> new IllegalStateException("no notice consumer container"));
    }

    /**
     * Whether the service's consumer is done with a sent message: its in-memory consume offset for the
     * message's queue moved past it, which happens once the listener returned (acknowledged) or threw
     * (the message then went back to the broker for a later redelivery).
     */
    public static boolean isDoneWith(ApplicationContext context, SendResult sent) {
        long offset = container(context).getConsumer().getDefaultMQPushConsumerImpl().getOffsetStore()
                .readOffset(sent.getMessageQueue(), ReadOffsetType.READ_FROM_MEMORY);
        return offset > sent.getQueueOffset();
    }
}
