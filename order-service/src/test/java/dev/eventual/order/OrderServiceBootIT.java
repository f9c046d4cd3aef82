package dev.eventual.order;

import dev.eventual.common.messaging.OrderMessaging;
import dev.eventual.infra.test.InfrastructureInitializer;
import dev.eventual.infra.test.TestConsumer;
import dev.eventual.infra.test.TestInfrastructure;
import org.apache.rocketmq.spring.core.RocketMQTemplate;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.micrometer.metrics.autoconfigure.export.prometheus.PrometheusOutputFormat;
import org.springframework.boot.micrometer.metrics.autoconfigure.export.prometheus.PrometheusScrapeEndpoint;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.messaging.support.MessageBuilder;
import org.springframework.test.context.ContextConfiguration;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * order-service boots against the real database (migrated by its own Flyway) and the real broker,
 * and Prometheus can scrape its meters.
 */
@SpringBootTest(properties = {
        "spring.config.name=" + OrderServiceApplication.CONFIG_NAME,
        InfrastructureInitializer.DATABASE_PROPERTY + "=ORDER"})
@ContextConfiguration(initializers = InfrastructureInitializer.class)
class OrderServiceBootIT {

    @Autowired
    JdbcTemplate jdbc;

    @Autowired
    RocketMQTemplate rocketMQTemplate;

    /** Exists only when the endpoint is exposed (management.endpoints.web.exposure.include). */
    @Autowired
    PrometheusScrapeEndpoint prometheus;

    @Value("${spring.application.name}")
    String applicationName;

    @Test
    void readsItsOwnConfigurationFile() {
        assertThat(applicationName).isEqualTo(OrderServiceApplication.CONFIG_NAME);
    }

    @Test
    void prometheusScrapesTheOrderCounters() {
        String scrape = new String(prometheus.scrape(PrometheusOutputFormat.CONTENT_TYPE_004, null).getBody(),
                StandardCharsets.UTF_8);

        // eventual.orders.created loses "_created" (OpenMetrics reserves it): the dashboard asks for
        // eventual_orders_total (deploy's MonitoringTest)
        assertThat(scrape).containsPattern("(?m)^eventual_orders_total [0-9.E]+$")
                .containsPattern("(?m)^eventual_orders_replayed_total [0-9.E]+$")
                .doesNotContain("eventual_orders_created_total");
    }

    @Test
    void schemaIsAppliedAndQueryable() {
        assertThat(jdbc.queryForObject(
                "SELECT COUNT(*) FROM flyway_schema_history WHERE success = 1 AND version = '1'", Integer.class))
                .isEqualTo(1);
        assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM t_order WHERE order_id = -1", Integer.class)).isZero();
    }

    @Test
    void producerReachesTheBrokerAndAConsumerGroupReceives() {
        String key = UUID.randomUUID().toString();
        try (TestConsumer consumer = TestConsumer.start(TestInfrastructure.shared().rocketMq().nameServerAddress(),
                "order-boot-it", OrderMessaging.ORDER_TOPIC)) {
            rocketMQTemplate.syncSend(OrderMessaging.ORDER_TOPIC + ":BOOT_TEST",
                    MessageBuilder.withPayload(key.getBytes(StandardCharsets.UTF_8))
                            .setHeader("KEYS", key).build());
            await().atMost(Duration.ofSeconds(30)).until(() -> !consumer.receivedWithKey(key).isEmpty());
            assertThat(new String(consumer.receivedWithKey(key).get(0).getBody(), StandardCharsets.UTF_8)).isEqualTo(key);
            assertThat(consumer.receivedWithKey(key).get(0).getTags()).isEqualTo("BOOT_TEST");
        }
    }
}
