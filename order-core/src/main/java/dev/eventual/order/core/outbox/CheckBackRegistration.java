package dev.eventual.order.core.outbox;

import dev.eventual.common.messaging.OrderMessaging;
import org.apache.rocketmq.client.impl.factory.MQClientInstance;
import org.apache.rocketmq.client.impl.producer.DefaultMQProducerImpl;
import org.apache.rocketmq.client.impl.producer.TopicPublishInfo;
import org.apache.rocketmq.spring.core.RocketMQTemplate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

/**
 * Makes a freshly started instance reachable for the broker's check-back before it sends anything.
 * A RocketMQ producer announces itself to a broker (heartbeat) only once it knows a route to it, and
 * it learns routes on its first send. Without this, an order-service restarted after a crash stays
 * invisible until its first order while the broker counts each failed check-back of the crash's
 * in-doubt half messages against {@code transactionCheckMax} and finally discards them.
 */
@Component
class CheckBackRegistration {

    private static final Logger log = LoggerFactory.getLogger(CheckBackRegistration.class);

    private final RocketMQTemplate template;

    CheckBackRegistration(RocketMQTemplate template) {
        this.template = template;
    }

    @EventListener(ApplicationReadyEvent.class)
    void register() {
        DefaultMQProducerImpl producer = template.getProducer().getDefaultMQProducerImpl();
        // an empty entry is enough for the client's periodic route refresh to take the topic up
        producer.getTopicPublishInfoTable().putIfAbsent(OrderMessaging.ORDER_TOPIC, new TopicPublishInfo());
        MQClientInstance client = producer.getMqClientFactory();
        try {
            if (client.updateTopicRouteInfoFromNameServer(OrderMessaging.ORDER_TOPIC) && client.sendHeartbeatToAllBrokerWithLock()) {
                log.info("Producer group {} announced to the brokers of {}: ready for check-backs",
                        template.getProducer().getProducerGroup(), OrderMessaging.ORDER_TOPIC);
                return;
            }
        } catch (RuntimeException e) {
            log.warn("Producer group {}: name server not answering yet: {}", template.getProducer().getProducerGroup(),
                    e.toString());
        }
        log.warn("Producer group {} not announced yet; the client's route refresh (every 30 s) will do it",
                template.getProducer().getProducerGroup());
    }
}
