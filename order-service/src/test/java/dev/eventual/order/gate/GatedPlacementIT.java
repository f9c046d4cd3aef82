package dev.eventual.order.gate;

import dev.eventual.gate.StockGate.MissingCount;
import dev.eventual.common.event.OrderCreatedEvent;
import dev.eventual.common.event.OrderEvents;
import dev.eventual.gate.GateState;
import dev.eventual.gate.StockGate;
import dev.eventual.infra.mq.EmbeddedRocketMq;
import dev.eventual.infra.test.Concurrently;
import dev.eventual.infra.test.HttpCall;
import dev.eventual.infra.test.InfrastructureInitializer;
import dev.eventual.infra.test.TestInfrastructure;
import dev.eventual.infra.test.TestTokens;
import dev.eventual.order.OrderServiceApplication;
import org.apache.rocketmq.spring.core.RocketMQLocalTransactionListener;
import io.micrometer.core.instrument.MeterRegistry;
import org.apache.rocketmq.spring.core.RocketMQLocalTransactionState;
import org.apache.rocketmq.spring.support.RocketMQHeaders;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.messaging.Message;
import org.springframework.messaging.support.MessageBuilder;
import org.springframework.test.context.ContextConfiguration;

import javax.sql.DataSource;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.Collectors;

import static dev.eventual.order.support.GeneralLog.kinds;
import static dev.eventual.order.support.GeneralLog.statementsDuring;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * order-service with the stock gate on, against real Redis, MariaDB and broker: the gate decides before
 * the half message, refuses a sold-out or unknown SKU with nothing written, and every attempt that does
 * not end in a committed order gives its units back (docs/stock-gate.md).
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
        "spring.config.name=" + OrderServiceApplication.CONFIG_NAME,
        InfrastructureInitializer.DATABASE_PROPERTY + "=ORDER",
        InfrastructureInitializer.REDIS_PROPERTY + "=true",
        "eventual.gate.enabled=true"})
@ContextConfiguration(initializers = InfrastructureInitializer.class)
class GatedPlacementIT {

    /** The mark the reconcile job's rebuild sets once every gated SKU has a count (docs/stock-gate.md). */

    @LocalServerPort
    int port;

    @Autowired
    JdbcTemplate jdbc;

    @Autowired
    StockGate gate;

    @Autowired
    DataSource dataSource;

    @Autowired
    RocketMQLocalTransactionListener listener;

    @Autowired
    MeterRegistry meters;

    private final long sku = ThreadLocalRandom.current().nextLong(1_000_000, 1_000_000_000);
    private final TestTokens tokens = TestInfrastructure.shared().authServer().tokens();

    /**
     * A sold-out refusal of a SKU inventory created with the gate on costs order_db nothing: the gate knows every
     * buyer it admitted for it, so a customer it never admitted has no order to be answered with
     * (docs/stock-gate.md, "A refusal without SQL"). A buyer it did admit is looked up, and its repeat gets its
     * order even though the SKU is sold out.
     */
    @Test
    void aSoldOutRefusalOfANewSkuCostsNoStatementAndARepeatStillGetsItsOrder() throws Exception {
        gate.seed(sku, 1, List.of(), MissingCount.CREATE_FOR_NEW_SKU);
        place(700, "warm-" + sku, 1); // the first request of a context pays for lazy setup; it takes the last unit

        List<String> refusal = statementsDuring(dataSource, 409, () -> place(701, "sold-out-" + sku, 1).status());
        HttpCall.Response repeat = place(700, "warm-" + sku, 1);

        assertThat(refusal).as("statements of a sold-out refusal").isEmpty();
        assertThat(repeat.status()).as("the admitted buyer's repeat").isEqualTo(200);
        assertThat(repeat.header("Idempotent-Replayed")).isEqualTo("true");
    }

    /**
     * The door answers a new SKU's sold-out order ahead of MVC with the very problem the controller's path gives
     * (a SKU without its buyers' history takes that path), counted the same; what the controller would refuse
     * otherwise (bad input, another customer's order) still gets the controller's answer.
     */
    @Test
    void theDoorsSoldOutAnswerIsTheControllersAndBadInputStillGetsItsOwn() {
        gate.seed(sku, 0, List.of(), MissingCount.CREATE_FOR_NEW_SKU);
        long looked = sku + 1;
        gate.seed(looked, 0, List.of(), MissingCount.CREATE);
        double atDoor = counted("eventual.orders.refused-at-door");
        double rejected = meters.counter("eventual.orders.rejected", "reason", "sold_out").count();

        HttpCall.Response door = place(710, "door-" + sku, 2);
        HttpCall.Response controller = HttpCall.post(port, "/api/orders").bearer(tokens.customer(710))
                .header("Idempotency-Key", "controller-" + sku).json("{\"skuId\":" + looked + ",\"quantity\":2}").send();

        assertThat(counted("eventual.orders.refused-at-door")).isEqualTo(atDoor + 1);
        assertThat(meters.counter("eventual.orders.rejected", "reason", "sold_out").count()).isEqualTo(rejected + 2);
        assertThat(door.status()).isEqualTo(409).isEqualTo(controller.status());
        assertThat(door.contentType()).isEqualTo(controller.contentType());
        assertThat(door.json().get("detail").asString()).isEqualTo("sku " + sku + " is sold out: 2 asked, 0 left");
        assertThat(door.body().replace(Long.toString(sku), "SKU"))
                .isEqualTo(controller.body().replace(Long.toString(looked), "SKU"));
        assertThat(meters.get("http.server.requests").tag("uri", "/api/orders").tag("status", "409").timer().count())
                .isGreaterThanOrEqualTo(2);

        assertThat(HttpCall.post(port, "/api/orders").bearer(tokens.customer(710)).header("Idempotency-Key", "bad-" + sku)
                .json("{\"skuId\":" + sku + ",\"quantity\":0}").send().json().get("detail").asString()).startsWith("quantity:");
        assertThat(HttpCall.post(port, "/api/orders").bearer(tokens.customer(710)).header("Idempotency-Key", "bad-" + sku)
                .json("{\"skuId\":" + sku + ",\"quantity\":1,\"quantitiy\":1}").send().status()).isEqualTo(400);
        assertThat(HttpCall.post(port, "/api/orders").bearer(tokens.customer(710)).header("Idempotency-Key", "bad-" + sku)
                .json("{\"userId\":711,\"skuId\":" + sku + ",\"quantity\":1}").send().status()).isEqualTo(403);
        assertThat(counted("eventual.orders.refused-at-door")).isEqualTo(atDoor + 1);
    }

    private double counted(String name) {
        return meters.counter(name).count();
    }

    /**
     * Without the whole history of its buyers (a count the rebuild created after Redis lost its data, or one seeded
     * for a SKU inventory held before), a sold-out refusal costs order_db one read: the Idempotency-Key is
     * looked up, since an earlier request with it may hold the last units.
     */
    @Test
    void aSoldOutRefusalWithoutTheBuyersHistoryCostsOneRead() throws Exception {
        gate.seed(sku, 0, List.of(), MissingCount.CREATE);
        place(700, "warm-" + sku, 1);

        List<String> refusal = statementsDuring(dataSource, 409, () -> place(700, "sold-out-" + sku, 1).status());

        assertThat(kinds(refusal)).as("statements of a sold-out refusal: %s", refusal).containsExactly("SELECT");
    }

    @Test
    void fiftyConcurrentOrdersForTenUnitsCreateExactlyTenAndRefuseTheRestAtTheDoor() throws Exception {
        gate.seed(sku, 10, List.of(), MissingCount.CREATE);
        // the fifty customers sign in first, so that only their orders race
        for (int i = 0; i < 50; i++) {
            tokens.customer(500 + i);
        }

        List<HttpCall.Response> answers = Concurrently.run(50, i -> place(500 + i, "flash-" + sku + "-" + i, 1));

        List<HttpCall.Response> created = answers.stream().filter(answer -> answer.status() == 201).toList();
        List<HttpCall.Response> refused = answers.stream().filter(answer -> answer.status() == 409).toList();
        assertThat(created).hasSize(10);
        assertThat(refused).hasSize(40).allSatisfy(answer -> {
            assertThat(answer.contentType()).startsWith("application/problem+json");
            assertThat(answer.json().get("type").asString()).isEqualTo("urn:eventual:problem:sold-out");
            assertThat(answer.json().get("sku").asString()).isEqualTo(Long.toString(sku));
            assertThat(answer.json().get("detail").asString()).contains("sku " + sku);
        });
        Set<Long> orderIds = created.stream().map(answer -> Long.parseLong(answer.json().get("orderId").asString()))
                .collect(Collectors.toSet());
        assertThat(jdbc.queryForList("SELECT order_id FROM t_order WHERE sku_id = ?", Long.class, sku))
                .containsExactlyInAnyOrderElementsOf(orderIds);
        assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM message_log m JOIN t_order o ON o.order_id = m.order_id"
                + " WHERE o.sku_id = ?", Integer.class, sku)).isEqualTo(10);
        GateState state = gate.state(sku);
        assertThat(state.available()).isZero();
        assertThat(state.reservations().keySet()).isEqualTo(orderIds);
    }

    /**
     * An order-service that died after its half message and before its local transaction: the broker
     * asks the group, the check-back finds no attempt, rolls it back for good and the units go back,
     * once however often the broker asks.
     */
    @Test
    void aCheckBackThatRollsBackAnAttemptThatNeverRanGivesItsReservationBackOnce() {
        gate.seed(sku, 5, List.of(), MissingCount.CREATE);
        long orderId = ThreadLocalRandom.current().nextLong(1, Long.MAX_VALUE);
        assertThat(gate.reserve(sku, orderId, 2, "buyer:" + orderId).reserved()).isTrue();
        Message<byte[]> halfMessage = MessageBuilder.withPayload(OrderEvents.toBytes(new OrderCreatedEvent(
                        OrderEvents.SCHEMA_VERSION, orderId, 90, sku, 2, Instant.now())))
                // the headers OrderEventPublisher sets on every half message
                .setHeader("EVENTUAL_ORDER_ID", Long.toString(orderId))
                .setHeader("EVENTUAL_EVENT_TYPE", "ORDER_CREATED")
                .setHeader(RocketMQHeaders.PREFIX + RocketMQHeaders.TRANSACTION_ID, "never-ran-" + orderId)
                .build();

        assertThat(listener.checkLocalTransaction(halfMessage)).isEqualTo(RocketMQLocalTransactionState.ROLLBACK);
        assertThat(gate.state(sku)).isEqualTo(new GateState(5L, Map.of()));

        gate.reserve(sku, orderId + 1, 1, "buyer:" + (orderId + 1));
        assertThat(listener.checkLocalTransaction(halfMessage)).isEqualTo(RocketMQLocalTransactionState.ROLLBACK);
        assertThat(gate.state(sku)).isEqualTo(new GateState(4L, Map.of(orderId + 1, 1)));
    }

    @Test
    void theLosersOfAnIdempotencyKeyRaceGiveTheirUnitsBack() throws Exception {
        // enough units for every caller: each reserves under its own order id before its local
        // transaction meets the winner's key (with fewer, a caller may be told sold out meanwhile)
        gate.seed(sku, 20, List.of(), MissingCount.CREATE);
        String key = "same-key-" + sku;
        tokens.customer(77); // signed in before the race, as above

        List<HttpCall.Response> answers = Concurrently.run(8, i -> place(77, key, 1));

        assertThat(answers).allSatisfy(answer -> assertThat(answer.status()).isIn(200, 201));
        assertThat(answers.stream().map(answer -> answer.json().get("orderId").asString()).distinct()).hasSize(1);
        long orderId = Long.parseLong(answers.get(0).json().get("orderId").asString());
        // each loser reserved a unit under its own order id, then its local transaction met the first
        // order's key: all of them are back, only the committed order holds one
        assertThat(gate.state(sku)).isEqualTo(new GateState(19L, Map.of(orderId, 1)));
    }

    /** The broker down: the order is accepted, its event waiting for the relay, and it keeps its units (issue 39). */
    @Test
    void withTheBrokerDownTheOrderIsAcceptedAndKeepsItsReservation() {
        gate.seed(sku, 5, List.of(), MissingCount.CREATE);
        EmbeddedRocketMq broker = TestInfrastructure.shared().rocketMq();
        long orderId;
        broker.stopBroker();
        try {
            HttpCall.Response accepted = place(88, "down-" + sku, 2);

            assertThat(accepted.status()).isEqualTo(201);
            assertThat(accepted.json().get("messageStatus").asString()).isEqualTo("WAITING");
            orderId = Long.parseLong(accepted.json().get("orderId").asString());
            assertThat(gate.state(sku)).isEqualTo(new GateState(3L, Map.of(orderId, 2)));
        } finally {
            broker.startBroker();
        }
        await().atMost(Duration.ofSeconds(90)).pollInterval(Duration.ofSeconds(1)).until(() -> "SENT".equals(
                jdbc.queryForObject("SELECT msg_status FROM message_log WHERE order_id = ?", String.class, orderId)));
        assertThat(gate.state(sku)).isEqualTo(new GateState(3L, Map.of(orderId, 2)));
    }

    /** Redis lost its data (no catalog mark): the rebuild will seed the SKU, so the client may retry. */
    @Test
    void beforeTheCatalogIsSeededASkuTheGateHasNoCountForIsRefusedWith503AndNothingWritten() {
        gate.forgetCatalogSeeded();

        HttpCall.Response refused = place(99, "unseeded-" + sku, 1);

        assertThat(refused.status()).isEqualTo(503);
        assertThat(refused.json().get("title").asString()).isEqualTo("Stock gate unavailable");
        assertThat(refused.json().get("detail").asString()).contains("sku " + sku);
        assertNothingWrittenFor(sku);
    }

    /** Every SKU inventory holds has a count once the catalog is seeded: one without is not sold, retrying won't help. */
    @Test
    void onceTheCatalogIsSeededASkuTheGateHasNoCountForIsRefusedWith422NamingItAndNothingWritten() {
        gate.markCatalogSeeded();
        double refusedBefore = meters.counter("eventual.orders.rejected", "reason", "unknown_sku").count();

        HttpCall.Response refused = place(99, "unknown-" + sku, 1);

        assertThat(refused.status()).isEqualTo(422);
        assertThat(refused.contentType()).startsWith("application/problem+json");
        assertThat(refused.json().get("type").asString()).isEqualTo("urn:eventual:problem:unknown-sku");
        assertThat(refused.json().get("sku").asString()).isEqualTo(Long.toString(sku));
        assertThat(refused.json().get("detail").asString()).contains("sku " + sku);
        assertThat(meters.counter("eventual.orders.rejected", "reason", "unknown_sku").count()).isEqualTo(refusedBefore + 1);
        assertNothingWrittenFor(sku);
    }

    @AfterEach
    void forgetTheCatalogMarks() {
        gate.forgetCatalogSeeded();
    }

    /** No order, no event and no reservation: neither in order_db nor in Redis. */
    private void assertNothingWrittenFor(long sku) {
        assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM t_order WHERE sku_id = ?", Integer.class, sku)).isZero();
        assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM message_log WHERE payload LIKE ?", Integer.class,
                "%\"skuId\":\"" + sku + "\"%")).isZero();
        assertThat(gate.state(sku)).isEqualTo(new GateState(null, Map.of()));
    }

    private HttpCall.Response place(long userId, String key, int quantity) {
        return HttpCall.post(port, "/api/orders").bearer(tokens.customer(userId)).header("Idempotency-Key", key)
                .json("{\"userId\":" + userId + ",\"skuId\":" + sku + ",\"quantity\":" + quantity + "}").send();
    }

}
