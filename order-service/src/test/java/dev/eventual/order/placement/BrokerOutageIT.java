package dev.eventual.order.placement;

import dev.eventual.infra.mq.EmbeddedRocketMq;
import dev.eventual.infra.test.TestInfrastructure;
import dev.eventual.infra.test.TestTokens;
import dev.eventual.infra.test.HttpCall;
import dev.eventual.order.support.OrderServiceIT;
import dev.eventual.order.support.OrderTables;
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
 * is written, as before. Either way the service recovers alone.
 */
@OrderServiceIT
class BrokerOutageIT {

    private static final Logger log = LoggerFactory.getLogger(BrokerOutageIT.class);

    @LocalServerPort
    int port;

    private final TestTokens tokens = TestInfrastructure.shared().authServer().tokens();
    private final EmbeddedRocketMq broker = TestInfrastructure.shared().rocketMq();

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
