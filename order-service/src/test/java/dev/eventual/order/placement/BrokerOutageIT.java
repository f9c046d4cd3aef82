package dev.eventual.order.placement;

import dev.eventual.infra.mq.EmbeddedRocketMq;
import dev.eventual.infra.mq.StalledSends;
import dev.eventual.infra.test.ObservedEvents;
import dev.eventual.infra.test.TestConsumer;
import dev.eventual.infra.test.TestInfrastructure;
import dev.eventual.infra.test.TestTokens;
import dev.eventual.infra.test.HttpCall;
import dev.eventual.order.support.OrderServiceIT;
import dev.eventual.order.support.OrderTables;
import io.micrometer.core.instrument.MeterRegistry;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.TestPropertySource;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * With the broker down, orders are accepted (201), their events waiting for the broker, and relayed once it is
 * back (issue 39); with {@code eventual.order.broker-fallback.enabled=false} they are refused with 503 and nothing
 * is written, as before. Either way the service recovers alone. A hung broker (running and reachable, answering
 * no send) costs the first orders the send timeout and, once the breaker opens, the rest nothing: they do not
 * ask it (counted, not timed: docs/testing.md).
 */
@OrderServiceIT
class BrokerOutageIT {

    private static final Logger log = LoggerFactory.getLogger(BrokerOutageIT.class);
    /** The property order-core's publisher sets on every half message (for its check-back), never on the relay's. */
    private static final String HALF_MESSAGE_ORDER_ID = "EVENTUAL_ORDER_ID";

    @LocalServerPort
    int port;

    private final TestTokens tokens = TestInfrastructure.shared().authServer().tokens();
    private final EmbeddedRocketMq broker = TestInfrastructure.shared().rocketMq();
    private final TestConsumer observer = ObservedEvents.consumer();

    @Autowired
    JdbcTemplate jdbc;

    @Autowired
    MeterRegistry meters;

    @Test
    void brokerDownMeans201WithTheEventWaitingThenItIsRelayed() {
        assertThat(place(port, "before").status()).isEqualTo(201);
        List<String> accepted = new ArrayList<>();
        broker.stopBroker();
        try {
            for (int attempt = 0; attempt < 3; attempt++) {
                long started = System.nanoTime();
                HttpCall.Response placed = place(port, "down-" + attempt);
                log.info("Broker down: answered {} in {} ms", placed.status(), (System.nanoTime() - started) / 1_000_000);

                assertThat(placed.status()).isEqualTo(201);
                assertThat(placed.json().get("messageStatus").asString()).isEqualTo("WAITING");
                accepted.add(placed.json().get("orderId").asString());
            }
            for (String orderId : accepted) {
                assertThat(messageStatus(orderId)).isEqualTo("WAITING");
            }
        } finally {
            broker.startBroker();
        }
        await().atMost(Duration.ofSeconds(90)).pollInterval(Duration.ofSeconds(1))
                .until(() -> accepted.stream().allMatch(orderId -> messageStatus(orderId).equals("SENT")));
        assertThat(place(port, "after").status()).isEqualTo(201);
    }

    @Test
    void aHungBrokerCostsOnlyTheFirstOrdersTheSendTimeoutThenEveryEventIsRelayedAndNoHalfMessageCounts() {
        awaitHalfMessagesAgain("hung-before");
        List<String> accepted = new ArrayList<>();
        try (StalledSends hung = broker.stallSends()) {
            // asked, the hung broker answers nothing: the half message waits out the send timeout and is not stored
            double notStored = fellBack("not_stored");
            accepted.add(placeWaiting("hung-0"));
            assertThat(fellBack("not_stored") - notStored).as("the first order's send the hung broker did not store").isEqualTo(1);
            // each failed send counts to the breaker (so do the relay's); it opens within its window's worth
            for (int attempt = 1; breakerState("open") == 0; attempt++) {
                assertThat(attempt).as("orders placed before the breaker opened").isLessThanOrEqualTo(10);
                accepted.add(placeWaiting("hung-" + attempt));
            }
            // the breaker open: neither order asks the broker, so neither waits for a send. Counted by the
            // publication's reason (the relay, which asks the breaker too, counts none of these)
            double skipped = fellBack("breaker_open");
            notStored = fellBack("not_stored");
            for (int attempt = 0; attempt < 2; attempt++) {
                accepted.add(placeWaiting("hung-open-" + attempt));
            }
            assertThat(fellBack("breaker_open") - skipped).as("orders that did not ask the broker").isEqualTo(2);
            assertThat(fellBack("not_stored") - notStored).as("sends the hung broker did not store").isZero();
            for (String orderId : accepted) {
                assertThat(messageStatus(orderId)).isEqualTo("WAITING");
            }
        }

        await().atMost(Duration.ofSeconds(90)).pollInterval(Duration.ofSeconds(1))
                .until(() -> accepted.stream().allMatch(orderId -> messageStatus(orderId).equals("SENT")));
        // the hung half message of the first order was stored at the release: its check-back rolls it back
        await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(500))
                .until(() -> halfMessageAttempts(accepted.get(0)).contains("ROLLED_BACK"));
        for (String orderId : accepted) {
            assertThat(halfMessageAttempts(orderId)).as("order %s: attempts of half messages", orderId)
                    .allMatch("ROLLED_BACK"::equals);
            // every delivery is the relay's normal message: no half message of the order was committed
            await().atMost(Duration.ofSeconds(60)).until(() -> !observer.receivedWithKey(orderId).isEmpty());
            assertThat(observer.receivedWithKey(orderId)).allSatisfy(message ->
                    assertThat(message.getUserProperty(HALF_MESSAGE_ORDER_ID)).isNull());
        }
        awaitHalfMessagesAgain("hung-after");
    }

    /** The switch off: the broker down means no orders, as before issue 39. */
    @Nested
    @TestPropertySource(properties = "eventual.order.broker-fallback.enabled=false")
    class FallbackOff {

        @LocalServerPort
        int port;

        @Autowired
        JdbcTemplate jdbc;

        @Test
        void brokerDownMeans503AndNothingWrittenThenOrdersSucceedAgain() {
            assertThat(place(port, "off-before").status()).isEqualTo(201);
            broker.stopBroker();
            try {
                OrderTables before = OrderTables.count(jdbc);
                for (int attempt = 0; attempt < 3; attempt++) {
                    HttpCall.Response refused = place(port, "off-down-" + attempt);

                    assertThat(refused.status()).isEqualTo(503);
                    assertThat(refused.contentType()).startsWith("application/problem+json");
                    assertThat(refused.json().get("type").asString()).isEqualTo("urn:eventual:problem:broker-unavailable");
                }
                assertThat(OrderTables.count(jdbc)).isEqualTo(before);
            } finally {
                broker.startBroker();
            }
            await().atMost(Duration.ofSeconds(90)).pollInterval(Duration.ofSeconds(1))
                    .until(() -> place(port, "off-after").status() == 201);
        }
    }

    /** @return the id of the order, accepted with its event waiting for the broker */
    private String placeWaiting(String key) {
        HttpCall.Response placed = place(port, key);
        assertThat(placed.status()).as(placed.body()).isEqualTo(201);
        assertThat(placed.json().get("messageStatus").asString()).isEqualTo("WAITING");
        return placed.json().get("orderId").asString();
    }

    /** Publications order-core ran without a half message (their events WAITING for the relay), for this reason. */
    private double fellBack(String reason) {
        return meters.get("eventual.order.broker-fallback").tag("reason", reason).counter().count();
    }

    private double breakerState(String state) {
        return meters.get("eventual.order.broker-breaker.state").tag("state", state).gauge().value();
    }

    /** Orders are half messages again (the breaker closed) once two in a row are on the broker at once. */
    private void awaitHalfMessagesAgain(String key) {
        List<String> statuses = new ArrayList<>();
        await().atMost(Duration.ofSeconds(90)).pollInterval(Duration.ofMillis(500)).until(() -> {
            HttpCall.Response placed = place(port, key);
            statuses.add(placed.status() == 201 ? placed.json().get("messageStatus").asString() : "refused");
            return statuses.size() >= 2 && statuses.subList(statuses.size() - 2, statuses.size()).stream().allMatch("SENT"::equals);
        });
    }

    /** Outcomes of the order's attempts other than the fallback's own ({@code relay-} ids): its half messages'. */
    private List<String> halfMessageAttempts(String orderId) {
        return jdbc.queryForList("SELECT outcome FROM tx_attempt_barrier WHERE order_id = ? AND transaction_id NOT LIKE 'relay-%'",
                String.class, Long.parseLong(orderId));
    }

    private String messageStatus(String orderId) {
        return HttpCall.get(port, "/api/orders/" + orderId).bearer(tokens.customer(99)).send().json().get("messageStatus").asString();
    }

    private HttpCall.Response place(int port, String key) {
        // a customer's token, got once before the broker stops: the auth server is not the broker
        return HttpCall.post(port, "/api/orders").bearer(tokens.customer(99))
                .header("Idempotency-Key", "outage-" + key + "-" + System.nanoTime())
                .json("{\"userId\":99,\"skuId\":9,\"quantity\":1}").send();
    }
}
