package dev.eventual.bench.service;

import dev.eventual.common.event.OrderEvents;
import dev.eventual.common.messaging.OrderEventType;
import dev.eventual.order.core.outbox.LocalTransactionRunner;
import dev.eventual.order.core.outbox.OrderEventPublication;
import dev.eventual.order.core.outbox.OrderEventPublisher;
import dev.eventual.order.core.outbox.Publication;
import org.apache.rocketmq.spring.core.RocketMQTemplate;
import org.apache.rocketmq.spring.support.RocketMQHeaders;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.messaging.Message;
import org.springframework.messaging.MessagingException;
import org.springframework.messaging.support.MessageBuilder;

/**
 * order-service's {@link OrderEventPublication} with the two comparison modes beside the production
 * one, which it calls for mode (a). Modes (b) and (c) run the very same {@link LocalTransactionRunner}
 * and work (barrier, message_log and order in one transaction); only what surrounds it differs.
 */
public class ModeSwitchingPublisher implements OrderEventPublication {

    /** A NORMAL topic nobody consumes: mode (c) must not feed the consumers. */
    public static final String PLAIN_TOPIC = "EVENTUAL_BENCH_PLAIN";
    /** message_log.transaction_id prefix of the rows modes (b) and (c) write, so the benchmark can retire them. */
    public static final String TRANSACTION_ID_PREFIX = "bench-";

    private static final Logger log = LoggerFactory.getLogger(ModeSwitchingPublisher.class);

    private final OrderEventPublisher transactional;
    private final RocketMQTemplate template;
    private final LocalTransactionRunner runner;
    private final ModeSwitch modes;

    public ModeSwitchingPublisher(OrderEventPublisher transactional, RocketMQTemplate template,
                                  LocalTransactionRunner runner, ModeSwitch modes) {
        this.transactional = transactional;
        this.template = template;
        this.runner = runner;
        this.modes = modes;
    }

    @Override
    public Publication publish(OrderEventType eventType, long orderId, Object event, Runnable work) {
        PublishMode mode = modes.mode();
        return switch (mode) {
            case TRANSACTIONAL -> transactional.publish(eventType, orderId, event, work);
            case LOCAL_ONLY -> runner.run(eventType, orderId, event, TRANSACTION_ID_PREFIX + orderId, work);
            case LOCAL_THEN_SEND -> {
                Publication publication = runner.run(eventType, orderId, event, TRANSACTION_ID_PREFIX + orderId, work);
                if (publication == Publication.COMMITTED) {
                    send(orderId, eventType, event);
                }
                yield publication;
            }
        };
    }

    private void send(long orderId, OrderEventType eventType, Object event) {
        Message<byte[]> message = MessageBuilder.withPayload(OrderEvents.toBytes(event))
                .setHeader(RocketMQHeaders.KEYS, Long.toString(orderId)).build();
        try {
            template.syncSend(PLAIN_TOPIC + ":" + eventType.tag(), message);
        } catch (MessagingException e) {
            // the weakness of this pattern, kept as it is: the order committed and its event is lost
            log.warn("Order {}: committed but the plain send failed: {}", orderId, e.toString());
        }
    }
}
