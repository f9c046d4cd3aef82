package dev.eventual.infra;

import dev.eventual.common.messaging.OrderMessaging;
import dev.eventual.infra.db.DatabaseServer;
import dev.eventual.infra.db.ServiceDatabase;
import dev.eventual.infra.mq.EmbeddedRocketMq;
import dev.eventual.infra.test.TestConsumer;
import dev.eventual.infra.test.TestInfrastructure;
import org.apache.rocketmq.client.producer.LocalTransactionState;
import org.apache.rocketmq.client.producer.TransactionListener;
import org.apache.rocketmq.client.producer.TransactionMQProducer;
import org.apache.rocketmq.client.producer.TransactionSendResult;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageExt;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** The shared infrastructure really is a MySQL-compatible server with our schema and a transactional broker. */
class EmbeddedInfrastructureIT {

    private final List<AutoCloseable> clients = new ArrayList<>();

    @AfterEach
    void closeClients() throws Exception {
        for (AutoCloseable client : clients) {
            client.close();
        }
    }

    @Test
    void everyServiceDatabaseIsMigratedFromTheSqlFolder() throws SQLException {
        Map<ServiceDatabase, Set<String>> expected = Map.of(
                ServiceDatabase.ORDER, Set.of("t_order", "message_log", "message_log_hist", "message_consumer_status",
                        "reconcile_work_order", "reconcile_work_order_audit", "order_worker_lease", "tx_attempt_barrier",
                        "flyway_schema_history"),
                ServiceDatabase.INVENTORY, Set.of("inventory", "inventory_deduct_log", "flyway_schema_history"),
                ServiceDatabase.NOTICE, Set.of("notice_log", "flyway_schema_history"));
        for (ServiceDatabase serviceDatabase : ServiceDatabase.values()) {
            DatabaseServer server = TestInfrastructure.shared().migrated(serviceDatabase);
            try (Connection connection = DriverManager.getConnection(
                    server.jdbcUrl(serviceDatabase.databaseName()), server.username(), server.password())) {
                assertThat(tables(connection)).as(serviceDatabase.name()).isEqualTo(new TreeSet<>(expected.get(serviceDatabase)));
                assertThat(scalar(connection, "SELECT @@character_set_database")).isEqualTo("utf8mb4");
                assertThat(scalar(connection, "SELECT @@collation_connection")).isEqualTo("utf8mb4_unicode_ci");
            }
        }
    }

    @Test
    void checkConstraintsAndUniqueKeysAreEnforced() throws SQLException {
        DatabaseServer server = TestInfrastructure.shared().migrated(ServiceDatabase.INVENTORY);
        try (Connection connection = DriverManager.getConnection(
                server.jdbcUrl(ServiceDatabase.INVENTORY.databaseName()), server.username(), server.password());
             var statement = connection.createStatement()) {
            statement.executeUpdate("INSERT INTO inventory (sku_id, stock) VALUES (9001, 1)");
            assertThat(statement.executeUpdate("UPDATE inventory SET stock = stock - 2 WHERE sku_id = 9001 AND stock >= 2"))
                    .isZero();
            org.assertj.core.api.Assertions.assertThatThrownBy(
                            () -> statement.executeUpdate("UPDATE inventory SET stock = -1 WHERE sku_id = 9001"))
                    .isInstanceOf(SQLException.class);
            statement.executeUpdate("INSERT INTO inventory_deduct_log (order_id, sku_id, quantity, status) VALUES (77, 9001, 1, 'SUCCESS')");
            assertThat(statement.executeUpdate(
                    "INSERT IGNORE INTO inventory_deduct_log (order_id, sku_id, quantity, status) VALUES (77, 9001, 1, 'FENCED')"))
                    .isZero();
        }
    }

    @Test
    void orderTopicIsATransactionTopicAndCheckBackCommitsAnUnknownHalfMessage() throws Exception {
        EmbeddedRocketMq mq = TestInfrastructure.shared().rocketMq();
        TestConsumer consumer = TestConsumer.start(mq.nameServerAddress(), "infra-it-consumer", OrderMessaging.ORDER_TOPIC);
        clients.add(consumer);

        // "checked-back" is UNKNOWN locally, so only the broker's check-back can commit it. The broker may
        // also check finished transactions (at-least-once), so every check answers the truth.
        Map<String, LocalTransactionState> truth = Map.of(
                "commit-now", LocalTransactionState.COMMIT_MESSAGE,
                "rollback-now", LocalTransactionState.ROLLBACK_MESSAGE,
                "checked-back", LocalTransactionState.COMMIT_MESSAGE);
        Map<String, AtomicInteger> checks = new ConcurrentHashMap<>();
        TransactionMQProducer producer = new TransactionMQProducer("infra-it-producer");
        producer.setNamesrvAddr(mq.nameServerAddress());
        producer.setTransactionListener(new TransactionListener() {
            @Override
            public LocalTransactionState executeLocalTransaction(Message message, Object argument) {
                return "checked-back".equals(message.getKeys()) ? LocalTransactionState.UNKNOW : truth.get(message.getKeys());
            }

            @Override
            public LocalTransactionState checkLocalTransaction(MessageExt message) {
                checks.computeIfAbsent(message.getKeys(), key -> new AtomicInteger()).incrementAndGet();
                return truth.get(message.getKeys());
            }
        });
        producer.start();
        clients.add(producer::shutdown);

        for (String key : List.of("rollback-now", "commit-now", "checked-back")) {
            Message message = new Message(OrderMessaging.ORDER_TOPIC, "INFRA_TEST", key, key.getBytes(StandardCharsets.UTF_8));
            TransactionSendResult result = producer.sendMessageInTransaction(message, null);
            assertThat(result.getSendStatus().name()).isEqualTo("SEND_OK");
        }

        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertThat(keys(consumer.received()))
                .containsExactlyInAnyOrder("commit-now", "checked-back"));
        assertThat(checks).containsKey("checked-back");
        assertThat(consumer.receivedWithKey("rollback-now")).isEmpty();
        assertThat(new String(consumer.receivedWithKey("checked-back").get(0).getBody(), StandardCharsets.UTF_8))
                .isEqualTo("checked-back");
    }

    private static List<String> keys(List<MessageExt> messages) {
        return messages.stream().map(MessageExt::getKeys).distinct().toList();
    }

    private static Set<String> tables(Connection connection) throws SQLException {
        Set<String> tables = new TreeSet<>();
        try (ResultSet rs = connection.createStatement().executeQuery("SHOW TABLES")) {
            while (rs.next()) {
                tables.add(rs.getString(1));
            }
        }
        return tables;
    }

    private static String scalar(Connection connection, String sql) throws SQLException {
        try (ResultSet rs = connection.createStatement().executeQuery(sql)) {
            rs.next();
            return rs.getString(1);
        }
    }
}
