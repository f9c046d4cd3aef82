package dev.eventual.inventory;

import dev.eventual.common.messaging.OrderMessaging;
import dev.eventual.infra.test.InfrastructureInitializer;
import dev.eventual.infra.test.TestInfrastructure;
import dev.eventual.infra.test.TestProducer;
import org.apache.rocketmq.common.message.MessageExt;
import org.apache.rocketmq.spring.annotation.RocketMQMessageListener;
import org.apache.rocketmq.spring.core.RocketMQListener;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.ContextConfiguration;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** inventory-service boots against the real database (migrated by its own Flyway) and consumes from the real broker. */
@SpringBootTest(properties = InfrastructureInitializer.DATABASE_PROPERTY + "=INVENTORY")
@ContextConfiguration(initializers = InfrastructureInitializer.class)
class InventoryServiceBootIT {

    private static final String PROBE_TAG = "BOOT_TEST";

    @Autowired
    JdbcTemplate jdbc;

    @Autowired
    ProbeListener probe;

    @Test
    void schemaIsAppliedAndQueryable() {
        assertThat(jdbc.queryForObject(
                "SELECT COUNT(*) FROM flyway_schema_history WHERE success = 1 AND version = '1'", Integer.class))
                .isEqualTo(1);
        assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM inventory_deduct_log WHERE order_id = -1", Integer.class)).isZero();
    }

    @Test
    void listenerContainerOfThisServiceReceivesFromTheBroker() {
        String key = UUID.randomUUID().toString();
        try (TestProducer producer = TestProducer.start(TestInfrastructure.shared().rocketMq().nameServerAddress(),
                "inventory-boot-it-producer")) {
            producer.send(OrderMessaging.ORDER_TOPIC, PROBE_TAG, key, key.getBytes(StandardCharsets.UTF_8));
        }
        await().atMost(Duration.ofSeconds(30)).until(() -> probe.keys().contains(key));
    }

    @TestConfiguration
    static class ProbeConfiguration {
        @Bean
        ProbeListener probeListener() {
            return new ProbeListener();
        }
    }

    /** Built by this service's RocketMQ listener container, in a group of its own. */
    @RocketMQMessageListener(topic = OrderMessaging.ORDER_TOPIC, consumerGroup = "inventory-boot-it", selectorExpression = PROBE_TAG)
    static class ProbeListener implements RocketMQListener<MessageExt> {
        private final List<String> keys = new CopyOnWriteArrayList<>();

        @Override
        public void onMessage(MessageExt message) {
            keys.add(message.getKeys());
        }

        List<String> keys() {
            return List.copyOf(keys);
        }
    }
}
