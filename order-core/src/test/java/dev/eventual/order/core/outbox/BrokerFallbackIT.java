package dev.eventual.order.core.outbox;

import dev.eventual.common.messaging.OrderEventType;
import dev.eventual.common.messaging.OrderMessaging;
import dev.eventual.infra.mq.EmbeddedRocketMq;
import dev.eventual.infra.test.ObservedEvents;
import dev.eventual.infra.test.TestConsumer;
import dev.eventual.infra.test.TestInfrastructure;
import dev.eventual.order.core.OrderCoreIT;
import dev.eventual.order.core.RolledBackOrders;
import dev.eventual.order.core.TestOrders;
import dev.eventual.order.core.orders.Orders;
import dev.eventual.order.core.orders.Orders.Cancellation;
import dev.eventual.order.core.orders.Orders.Placement;
import dev.eventual.order.core.reconcile.WorkOrders;
import dev.eventual.order.core.status.MessageStatus;
import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import io.micrometer.core.instrument.MeterRegistry;
import org.apache.rocketmq.client.producer.LocalTransactionState;
import org.apache.rocketmq.client.producer.TransactionListener;
import org.apache.rocketmq.client.producer.TransactionMQProducer;
import org.apache.rocketmq.client.producer.TransactionSendResult;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageExt;
import org.apache.rocketmq.spring.core.RocketMQLocalTransactionState;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Orders do not wait for the broker (issue 39; docs/design.md, "The outbox"): with the broker stopped they commit,
 * their events WAITING; the breaker stops asking the broker; once it is back the relay delivers every event once,
 * an order's cancel after its create, and a half message that was stored but whose attempt never ran counts for
 * nothing. Through the real embedded broker and MariaDB.
 */
@OrderCoreIT
class BrokerFallbackIT {

    private static final Duration RELAYED = Duration.ofSeconds(90);

    @Autowired
    Orders orders;

    @Autowired
    JdbcTemplate jdbc;

    @Autowired
    BrokerBreaker breaker;

    @Autowired
    CheckBack checkBack;

    @Autowired
    RolledBackOrders rolledBack;

    @Autowired
    RelayProperties relay;

    @Autowired
    WorkOrders workOrders;

    @Autowired
    MeterRegistry meters;

    private final TestConsumer observer = ObservedEvents.consumer();
    private final EmbeddedRocketMq broker = TestInfrastructure.shared().rocketMq();

    @Test
    void ordersPlacedWhileTheBrokerIsDownCommitAndAreRelayedOnceWhenItReturns() {
        long user = ThreadLocalRandom.current().nextLong(1_000_000, Long.MAX_VALUE / 2);
        breaker.reset();
        List<Long> placed = new ArrayList<>();
        long canceled;
        double relayedBefore = meters.get("eventual.order.relay.sent").counter().count();
        broker.stopBroker();
        try {
            for (int i = 0; i < 4; i++) {
                Placement placement = TestOrders.place(orders, user, 7);
                assertThat(placement).isInstanceOfSatisfying(Placement.Placed.class,
                        order -> assertThat(order.eventStatus()).isEqualTo(MessageStatus.WAITING));
                placed.add(placedId(placement));
            }
            assertThat(breaker.state()).as("after failed sends").isEqualTo(CircuitBreaker.State.OPEN);

            // the breaker open: the order does not ask the broker, so no send timeout (3 s here) for the customer.
            // Counted by the publication's reason (the relay, which asks the breaker too, counts none of these)
            double skipped = fellBack(FallbackReason.BREAKER_OPEN);
            double notStored = fellBack(FallbackReason.NOT_STORED);
            placed.add(placedId(TestOrders.place(orders, user, 7)));
            assertThat(fellBack(FallbackReason.BREAKER_OPEN) - skipped).as("orders that did not ask the broker").isEqualTo(1);
            assertThat(fellBack(FallbackReason.NOT_STORED) - notStored).as("sends the broker did not store").isZero();

            canceled = placed.get(0);
            double behindItsCreate = fellBack(FallbackReason.EARLIER_EVENT_WAITING);
            assertThat(orders.cancel(canceled, "customer", null, null)).isInstanceOf(Cancellation.Canceled.class);
            assertThat(fellBack(FallbackReason.EARLIER_EVENT_WAITING) - behindItsCreate).as("cancels behind their create").isEqualTo(1);

            for (long orderId : placed) {
                assertThat(statuses(orderId)).allMatch(status -> status.equals(MessageStatus.WAITING.name()));
                assertThat(transactionIds(orderId)).allMatch(id -> id.startsWith(BrokerFallback.TRANSACTION_ID_PREFIX));
            }
            assertThat(statuses(canceled)).hasSize(2);
            // the console's order story: written without the broker, the relay's to send, not sent yet
            assertThat(workOrders.story(canceled).events()).hasSize(2).allSatisfy(event -> {
                assertThat(event.acceptedWithoutBroker()).isTrue();
                assertThat(event.nextRelayTime()).isNotNull();
                assertThat(event.relayedAt()).isNull();
            });
            assertThat(gauge("eventual.order.broker-breaker.state", "open")).isEqualTo(1);
            // the backlog gauges, refreshed by the relay's runs: 5 creates and a cancel at least (other tests' rows may wait too)
            await().atMost(RELAYED).until(() -> meters.get("eventual.order.relay.waiting").gauge().value() >= 6
                    && meters.get("eventual.order.relay.oldest.seconds").gauge().value() > 0);
        } finally {
            broker.startBroker();
        }

        await().atMost(RELAYED).pollInterval(Duration.ofMillis(500))
                .until(() -> placed.stream().allMatch(id -> statuses(id).stream().allMatch(MessageStatus.SENT.name()::equals)));
        await().atMost(RELAYED).until(() -> placed.stream().allMatch(id -> observer.receivedWithKey(Long.toString(id)).size()
                == (id == canceled ? 2 : 1)));
        // back to half messages: once probes are stored the breaker closes and a new order's event is SENT at once
        await().atMost(RELAYED).pollInterval(Duration.ofMillis(500)).until(() -> {
            Placement next = TestOrders.place(orders, user, 7);
            return next instanceof Placement.Placed order && order.eventStatus() == MessageStatus.SENT
                    && breaker.state() == CircuitBreaker.State.CLOSED;
        });

        assertThat(meters.get("eventual.order.relay.sent").counter().count() - relayedBefore).isGreaterThanOrEqualTo(placed.size() + 1);
        assertThat(gauge("eventual.order.broker-breaker.state", "closed")).isEqualTo(1);
        await().atMost(RELAYED).until(() -> meters.get("eventual.order.relay.waiting").gauge().value() == 0
                && meters.get("eventual.order.relay.oldest.seconds").gauge().value() == 0);

        for (long orderId : placed) {
            List<MessageExt> delivered = observer.receivedWithKey(Long.toString(orderId));
            // normal messages: none of the check-back's properties, the order's key and tag
            assertThat(delivered).allSatisfy(message -> {
                assertThat(message.getUserProperty(OrderEventHeaders.ORDER_ID)).isNull();
                assertThat(message.getTopic()).isEqualTo(OrderMessaging.ORDER_TOPIC);
            });
            // the fallback's own attempt is committed in the barrier: a check-back of it would say so
            String created = transactionId(orderId, OrderEventType.ORDER_CREATED);
            assertThat(checkBack.answer(orderId, OrderEventType.ORDER_CREATED, created))
                    .isEqualTo(RocketMQLocalTransactionState.COMMIT);
        }
        for (long orderId : placed) {
            assertThat(workOrders.story(orderId).events()).allSatisfy(event -> {
                assertThat(event.acceptedWithoutBroker()).isTrue();
                assertThat(event.relayAttempts()).isPositive();
                assertThat(event.nextRelayTime()).isNull();
                assertThat(event.relayedAt()).isNotNull();
            });
        }
        long onTheBroker = placedId(TestOrders.place(orders, user, 7));
        assertThat(workOrders.story(onTheBroker).events()).singleElement().satisfies(event -> {
            assertThat(event.acceptedWithoutBroker()).isFalse();
            assertThat(event.relayAttempts()).isZero();
            assertThat(event.relayedAt()).isNull();
        });
        List<MessageExt> ofCanceled = observer.receivedWithKey(Long.toString(canceled));
        MessageExt create = ofCanceled.stream().filter(m -> m.getTags().equals(OrderEventType.ORDER_CREATED.tag())).findFirst().orElseThrow();
        MessageExt cancel = ofCanceled.stream().filter(m -> m.getTags().equals(OrderEventType.ORDER_CANCELED.tag())).findFirst().orElseThrow();
        assertThat(create.getStoreTimestamp()).as("the create stored before the cancel").isLessThan(cancel.getStoreTimestamp());
    }

    @Test
    void aBacklogOfMoreThanABatchIsRelayedInConcurrentSendsEachRowChargedForItsOwnFailure() {
        long user = ThreadLocalRandom.current().nextLong(1_000_000, Long.MAX_VALUE / 2);
        int backlog = relay.batchSize() + relay.batchSize() / 2;
        List<Long> placed = new ArrayList<>();
        broker.stopBroker();
        try {
            for (int i = 0; i < backlog; i++) {
                placed.add(placedId(TestOrders.place(orders, user, 10)));
            }
            // a closed breaker lets the relay try a whole batch at once: every send in flight fails, and each
            // row is charged with its own failed attempt and back-off
            breaker.reset();
            await().atMost(RELAYED).until(() -> jdbc.queryForObject("SELECT COUNT(*) FROM message_log WHERE order_id IN ("
                    + ids(placed) + ") AND relay_attempts > 0 AND last_error LIKE 'relay send%'", Long.class) > 1);
        } finally {
            broker.startBroker();
        }

        await().atMost(RELAYED).pollInterval(Duration.ofMillis(500)).until(() -> jdbc.queryForObject(
                "SELECT COUNT(*) FROM message_log WHERE msg_status = 'WAITING' AND order_id IN (" + ids(placed) + ")", Long.class) == 0);
        await().atMost(RELAYED).until(() -> placed.stream().allMatch(id -> observer.receivedWithKey(Long.toString(id)).size() == 1));
        assertThat(jdbc.queryForList("SELECT relayed_at FROM message_log WHERE order_id IN (" + ids(placed) + ")"))
                .hasSize(backlog).allSatisfy(row -> assertThat(row.get("relayed_at")).isNotNull());
    }

    @Test
    void aHalfMessageStoredWhoseAttemptNeverRanIsRolledBackAndOnlyTheRelaysMessageCounts() throws Exception {
        long user = ThreadLocalRandom.current().nextLong(1_000_000, Long.MAX_VALUE / 2);
        breaker.reset();
        long orderId;
        broker.stopBroker();
        try {
            orderId = placedId(TestOrders.place(orders, user, 8));
        } finally {
            broker.startBroker();
        }
        await().atMost(RELAYED).until(() -> observer.receivedWithKey(Long.toString(orderId)).size() == 1);

        // the half message of a send that timed out after the broker stored it: same order, same event, its
        // local transaction never ran (the client gave up on it); a producer of the group that answers nothing
        String payload = jdbc.queryForObject("SELECT payload FROM message_log WHERE order_id = ?", String.class, orderId);
        String halfMessage = storeHalfMessageWithoutLocalTransaction(orderId, payload);

        await().atMost(RELAYED).until(() -> barrier(orderId).contains("ROLLED_BACK"));
        assertThat(jdbc.queryForObject("SELECT outcome FROM tx_attempt_barrier WHERE transaction_id = ?", String.class,
                halfMessage)).isEqualTo("ROLLED_BACK");
        assertThat(checkBack.answer(orderId, OrderEventType.ORDER_CREATED, halfMessage))
                .isEqualTo(RocketMQLocalTransactionState.ROLLBACK);
        // one delivery: the relay's; the order lives on, so nothing reserved for it goes back
        assertThat(observer.receivedWithKey(Long.toString(orderId))).hasSize(1);
        assertThat(rolledBack.told(orderId)).isFalse();
        assertThat(statuses(orderId)).containsExactly(MessageStatus.SENT.name());
    }

    @Test
    void aRowTheRelayCannotSendByItsLastAttemptGoesToAWorkOrder() {
        long user = ThreadLocalRandom.current().nextLong(1_000_000, Long.MAX_VALUE / 2);
        breaker.reset();
        long orderId;
        double handedOverBefore = meters.get("eventual.order.relay.handed-over").counter().count();
        double failuresBefore = meters.get("eventual.order.relay.failures").counter().count();
        broker.stopBroker();
        try {
            orderId = placedId(TestOrders.place(orders, user, 9));
            // one send short of the last: the relay's next send is its last
            jdbc.update("UPDATE message_log SET relay_attempts = ?, next_relay_time = CURRENT_TIMESTAMP(3) WHERE order_id = ?",
                    relay.maxAttempts() - 1, orderId);
            breaker.reset();

            await().atMost(RELAYED).until(() -> jdbc.queryForObject(
                    "SELECT COUNT(*) FROM reconcile_work_order WHERE order_id = ? AND status = 'OPEN'", Long.class, orderId) == 1);
        } finally {
            broker.startBroker();
        }
        assertThat(jdbc.queryForMap("SELECT msg_status, reconcile_status, relay_attempts, next_relay_time FROM message_log"
                + " WHERE order_id = ?", orderId))
                .containsEntry("msg_status", "WAITING").containsEntry("reconcile_status", "FAIL")
                .containsEntry("relay_attempts", relay.maxAttempts()).containsEntry("next_relay_time", null);
        assertThat(jdbc.queryForList("SELECT a.operator FROM reconcile_work_order_audit a JOIN reconcile_work_order w"
                + " ON w.id = a.work_order_id WHERE w.order_id = ?", String.class, orderId)).containsExactly(OrderRelay.OPERATOR);
        assertThat(jdbc.queryForObject("SELECT reason FROM reconcile_work_order WHERE order_id = ?", String.class, orderId))
                .startsWith("never on the broker");
        assertThat(workOrders.story(orderId).events()).singleElement().satisfies(event -> {
            assertThat(event.acceptedWithoutBroker()).isTrue();
            assertThat(event.relayAttempts()).isEqualTo(relay.maxAttempts());
            assertThat(event.nextRelayTime()).isNull();
            assertThat(event.relayedAt()).isNull();
        });
        assertThat(meters.get("eventual.order.relay.handed-over").counter().count() - handedOverBefore).isEqualTo(1);
        assertThat(meters.get("eventual.order.relay.failures").counter().count() - failuresBefore).isGreaterThanOrEqualTo(1);
    }

    private double fellBack(FallbackReason reason) {
        return meters.get("eventual.order.broker-fallback").tag("reason", reason.tag()).counter().count();
    }

    private double gauge(String name, String state) {
        return meters.get(name).tag("state", state).gauge().value();
    }

    private String storeHalfMessageWithoutLocalTransaction(long orderId, String payload) throws Exception {
        TransactionMQProducer producer = new TransactionMQProducer("eventual-order-core-it");
        producer.setNamesrvAddr(broker.nameServerAddress());
        producer.setInstanceName("timed-out-half-message");
        producer.setTransactionListener(new TransactionListener() {
            @Override
            public LocalTransactionState executeLocalTransaction(Message message, Object argument) {
                return LocalTransactionState.UNKNOW;
            }

            @Override
            public LocalTransactionState checkLocalTransaction(MessageExt message) {
                return LocalTransactionState.UNKNOW;
            }
        });
        producer.start();
        try {
            Message message = new Message(OrderMessaging.ORDER_TOPIC, OrderEventType.ORDER_CREATED.tag(), Long.toString(orderId),
                    payload.getBytes(StandardCharsets.UTF_8));
            message.putUserProperty(OrderEventHeaders.ORDER_ID, Long.toString(orderId));
            message.putUserProperty(OrderEventHeaders.EVENT_TYPE, OrderEventType.ORDER_CREATED.name());
            TransactionSendResult result = producer.sendMessageInTransaction(message, null);
            return result.getTransactionId();
        } finally {
            // gone before the broker's check: the service's producer of the group answers it
            producer.shutdown();
        }
    }

    private static String ids(List<Long> orderIds) {
        return orderIds.stream().map(String::valueOf).collect(Collectors.joining(","));
    }

    private static long placedId(Placement placement) {
        assertThat(placement).isInstanceOf(Placement.Placed.class);
        return ((Placement.Placed) placement).order().orderId();
    }

    private List<String> statuses(long orderId) {
        return jdbc.queryForList("SELECT msg_status FROM message_log WHERE order_id = ? ORDER BY id", String.class, orderId);
    }

    private List<String> transactionIds(long orderId) {
        return jdbc.queryForList("SELECT transaction_id FROM message_log WHERE order_id = ?", String.class, orderId);
    }

    private String transactionId(long orderId, OrderEventType eventType) {
        return jdbc.queryForObject("SELECT transaction_id FROM message_log WHERE order_id = ? AND event_type = ?",
                String.class, orderId, eventType.name());
    }

    private List<String> barrier(long orderId) {
        return jdbc.queryForList("SELECT outcome FROM tx_attempt_barrier WHERE order_id = ?", String.class, orderId);
    }
}
