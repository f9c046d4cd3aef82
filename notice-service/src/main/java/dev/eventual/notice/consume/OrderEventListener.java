package dev.eventual.notice.consume;

import dev.eventual.common.messaging.OrderMessaging;
import dev.eventual.consumer.ConsumerProperties;
import dev.eventual.consumer.receive.OrderEventBatchListener;
import dev.eventual.notice.config.NoticeProperties;
import org.apache.rocketmq.spring.annotation.RocketMQMessageListener;
import org.springframework.stereotype.Component;

/** notice-service's consumer group on the order topic, in batches (consumer-support); see {@link NoticeEventHandler}. */
@Component
@RocketMQMessageListener(topic = OrderMessaging.ORDER_TOPIC, consumerGroup = OrderMessaging.NOTICE_CONSUMER_GROUP,
        selectorExpression = OrderMessaging.ALL_ORDER_EVENT_TAGS)
public class OrderEventListener extends OrderEventBatchListener {

    public OrderEventListener(NoticeEventHandler handler, ConsumerProperties consumer, NoticeProperties properties) {
        super(handler, consumer, properties.maxReconsumeTimes());
    }
}
