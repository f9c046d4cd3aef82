package dev.eventual.bench.service;

import dev.eventual.common.event.OrderEvents;
import dev.eventual.common.messaging.OrderEventType;
import dev.eventual.common.messaging.OrderMessaging;
import dev.eventual.order.core.outbox.OrderOutbox;
import dev.eventual.order.core.outbox.OrderOutbox.Publication;
import dev.eventual.tracing.OrderTraces;
import org.apache.rocketmq.spring.core.RocketMQTemplate;
import org.apache.rocketmq.spring.support.RocketMQHeaders;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.messaging.Message;
import org.springframework.messaging.MessagingException;
import org.springframework.messaging.support.MessageBuilder;

/**
 * order-service's {@link OrderOutbox.EventSender} with the comparison modes beside the production one,
 * which it calls for mode (a). Modes (b), (c) and (c') run the very same {@link OrderOutbox.LocalTransactions}
 * and work (barrier, message_log and order in one transaction); only what surrounds it differs.
 * <p>
 * (c') sends a plain message to the order topic, a TRANSACTION topic: the broker's send path does not
 * check a topic's message type (only the proxy does), as the hot-SKU section's plain batches show.
 * The message carries what the consumers read from a production one (tag, key, payload, trace
 * context); the check-back properties are left out, since nobody checks back a plain message.
 */
public class ModeSwitchingPublisher implements OrderOutbox.EventSender {

    /** A NORMAL topic nobody consumes: mode (c) must not feed the consumers. */
    public static final String PLAIN_TOPIC = "EVENTUAL_BENCH_PLAIN";
    /** message_log.transaction_id prefix of the rows modes (b) and (c) write, so the benchmark can retire them. */
    public static final String TRANSACTION_ID_PREFIX = "bench-";
    /**
     * message_log.transaction_id prefix of mode (c')'s rows: apart from {@link #TRANSACTION_ID_PREFIX}, because
     * the consumers report them and finish them as they do (a)'s, so nothing is left to retire.
     */
    public static final String CONSUMED_TRANSACTION_ID_PREFIX = "plain-";

    private static final Logger log = LoggerFactory.getLogger(ModeSwitchingPublisher.class);

    private final OrderOutbox.EventSender transactional;
    private final RocketMQTemplate template;
    private final OrderOutbox.LocalTransactions runner;
    private final OrderTraces traces;
    private final ModeSwitch modes;

    public ModeSwitchingPublisher(OrderOutbox.EventSender transactional, RocketMQTemplate template,
                                  OrderOutbox.LocalTransactions runner, OrderTraces traces, ModeSwitch modes) {
        this.transactional = transactional;
        this.template = template;
        this.runner = runner;
        this.traces = traces;
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
                    send(PLAIN_TOPIC, orderId, eventType, event);
                }
                yield publication;
            }
            case LOCAL_THEN_SEND_CONSUMED -> {
                Publication publication = runner.run(eventType, orderId, event,
                        CONSUMED_TRANSACTION_ID_PREFIX + orderId, work);
                if (publication == Publication.COMMITTED) {
                    send(OrderMessaging.ORDER_TOPIC, orderId, eventType, event);
                }
                yield publication;
            }
        };
    }

    private void send(String topic, long orderId, OrderEventType eventType, Object event) {
        Message<byte[]> message = MessageBuilder.withPayload(OrderEvents.toBytes(event))
                .setHeader(RocketMQHeaders.KEYS, Long.toString(orderId))
                .setHeader(OrderTraces.TRACEPARENT, traces.current()) // null (no trace): no header
                .build();
        try {
            template.syncSend(topic + ":" + eventType.tag(), message);
        } catch (MessagingException e) {
            // the weakness of this pattern, kept as it is: the order committed and its event is lost
            log.warn("Order {}: committed but the plain send failed: {}", orderId, e.toString());
        }
    }
}
