package dev.eventual.order.placement;

import dev.eventual.infra.mq.EmbeddedRocketMq;
import dev.eventual.infra.test.TestInfrastructure;
import dev.eventual.infra.test.TestTokens;
import dev.eventual.infra.test.HttpCall;
import dev.eventual.order.support.OrderServiceIT;
import dev.eventual.order.support.OrderTables;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** With the broker down, orders are refused with 503 and nothing is written; the service recovers alone. */
@OrderServiceIT
class BrokerOutageIT {

    private static final Logger log = LoggerFactory.getLogger(BrokerOutageIT.class);

    @LocalServerPort
    int port;

    @Autowired
    JdbcTemplate jdbc;

    private final TestTokens tokens = TestInfrastructure.shared().authServer().tokens();

    @Test
    void brokerDownMeans503AndNothingWrittenThenOrdersSucceedAgain() {
        EmbeddedRocketMq broker = TestInfrastructure.shared().rocketMq();
        assertThat(place("before").status()).isEqualTo(201);
        broker.stopBroker();
        try {
            OrderTables before = OrderTables.count(jdbc);
            for (int attempt = 0; attempt < 3; attempt++) {
                long started = System.nanoTime();
                HttpCall.Response refused = place("down-" + attempt);
                log.info("Broker down: answered {} in {} ms", refused.status(), (System.nanoTime() - started) / 1_000_000);

                assertThat(refused.status()).isEqualTo(503);
                assertThat(refused.contentType()).startsWith("application/problem+json");
                assertThat(refused.json().get("type").asString()).isEqualTo("urn:eventual:problem:broker-unavailable");
            }
            assertThat(OrderTables.count(jdbc)).isEqualTo(before);
        } finally {
            broker.startBroker();
        }
        await().atMost(Duration.ofSeconds(90)).pollInterval(Duration.ofSeconds(1))
                .until(() -> place("after").status() == 201);
    }

    private HttpCall.Response place(String key) {
        // a customer's token, got once before the broker stops: the auth server is not the broker
        return HttpCall.post(port, "/api/orders").bearer(tokens.customer(99))
                .header("Idempotency-Key", "outage-" + key + "-" + System.nanoTime())
                .json("{\"userId\":99,\"skuId\":9,\"quantity\":1}").send();
    }
}
