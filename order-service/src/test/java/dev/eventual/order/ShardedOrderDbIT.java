package dev.eventual.order;

import dev.eventual.common.messaging.OrderEventType;
import dev.eventual.common.messaging.OrderMessaging;
import dev.eventual.infra.db.EmbeddedMariaDb;
import dev.eventual.infra.db.ServiceDatabase;
import dev.eventual.infra.test.HttpCall;
import dev.eventual.infra.test.InfrastructureInitializer;
import dev.eventual.infra.test.TestInfrastructure;
import dev.eventual.order.support.CheckBacks;
import org.apache.rocketmq.spring.core.RocketMQLocalTransactionListener;
import dev.eventual.order.core.shard.OrderShards;

import io.micrometer.core.instrument.MeterRegistry;
import org.apache.rocketmq.spring.core.RocketMQLocalTransactionState;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.time.Duration;
import java.util.List;
import java.util.UUID;

import static dev.eventual.order.support.GeneralLog.kinds;
import static dev.eventual.order.support.GeneralLog.statementsDuring;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * order_db split across two real MariaDB servers (docs/design.md, "Sharding order_db"): one order's
 * rows on its customer's server only, every way in (placing, reading, listing, reports, the broker's
 * check-back) reaching that one server, and a server killed: its customers are refused fast, without
 * a pool timeout per request, while the other server's customers keep ordering.
 */
class ShardedOrderDbIT {

    /** Logical shard 5 lies on server 0 of 2, logical shard 700 on server 1. */
    private static final long ON_SERVER_0 = 1024L * 40 + 5;
    private static final long ON_SERVER_1 = 1024L * 40 + 700;

    private static EmbeddedMariaDb second;
    private static JdbcTemplate server0;
    private static JdbcTemplate server1;
    private static ConfigurableApplicationContext service;
    private static int port;

    @BeforeAll
    static void twoServers() {
        var first = TestInfrastructure.shared().migrated(ServiceDatabase.ORDER);
        second = EmbeddedMariaDb.start(Path.of(System.getProperty(TestInfrastructure.DIR_PROPERTY, "target/infra"))
                .toAbsolutePath().resolve("mariadb-order-shard-1"), 0, false);
        second.createDatabase("order_db");
        String url0 = first.jdbcUrl("order_db");
        String url1 = second.jdbcUrl("order_db");
        server0 = new JdbcTemplate(new DriverManagerDataSource(url0, first.username(), first.password()));
        server1 = new JdbcTemplate(new DriverManagerDataSource(url1, second.username(), second.password()));
        service = OrderServiceApplication.application().initializers(new InfrastructureInitializer()).run(
                "--server.port=0", "--" + InfrastructureInitializer.DATABASE_PROPERTY + "=ORDER",
                "--spring.datasource.hikari.maximum-pool-size=4",
                "--eventual.order-db.shard-urls[0]=" + url0, "--eventual.order-db.shard-urls[1]=" + url1,
                "--eventual.order-db.down-for=1s");
        port = Integer.parseInt(service.getEnvironment().getRequiredProperty("local.server.port"));
    }

    @AfterAll
    static void stop() {
        if (service != null) {
            service.close();
        }
        if (second != null) {
            second.close();
        }
    }

    @Test
    void everyServerIsMigratedAndLeasesItsOwnWorkerId() {
        assertThat(server1.queryForObject("SELECT MAX(version) FROM flyway_schema_history WHERE success = 1", String.class))
                .isEqualTo(server0.queryForObject("SELECT MAX(version) FROM flyway_schema_history WHERE success = 1", String.class));
        MeterRegistry meters = service.getBean(MeterRegistry.class);
        for (String server : List.of("0", "1")) {
            assertThat(meters.get("eventual.order.worker-id").tag("server", server).gauge().value()).as("server " + server)
                    .isGreaterThanOrEqualTo(0);
        }
        String holder = "SELECT COUNT(*) FROM order_worker_lease WHERE expires_at > CURRENT_TIMESTAMP(3) AND holder LIKE ?";
        String mine = "%/" + ProcessHandle.current().pid() + "/%";
        assertThat(server1.queryForObject(holder, Integer.class, mine)).isEqualTo(1);
        assertThat(server0.queryForObject(holder, Integer.class, mine)).isGreaterThanOrEqualTo(1);
    }

    @Test
    void anOrdersRowsLiveOnItsCustomersServerAndEveryWayInFindsThem() {
        long a = place(ON_SERVER_0).json().get("orderId").asLong();
        long b = place(ON_SERVER_1).json().get("orderId").asLong();

        assertThat(OrderShards.geneOfOrder(a)).isEqualTo(OrderShards.geneOfUser(ON_SERVER_0));
        assertThat(OrderShards.geneOfOrder(b)).isEqualTo(OrderShards.geneOfUser(ON_SERVER_1));
        for (String table : List.of("t_order", "message_log", "tx_attempt_barrier")) {
            assertThat(rows(server0, table, a)).as(table + " of a on server 0").isEqualTo(1);
            assertThat(rows(server1, table, a)).as(table + " of a on server 1").isZero();
            assertThat(rows(server1, table, b)).as(table + " of b on server 1").isEqualTo(1);
            assertThat(rows(server0, table, b)).as(table + " of b on server 0").isZero();
        }

        // reading and listing
        assertThat(get("/api/orders/" + b, ON_SERVER_1).json().get("userId").asString()).isEqualTo(Long.toString(ON_SERVER_1));
        assertThat(get("/api/orders?size=50", ON_SERVER_1).json().get("items").findValuesAsString("orderId"))
                .contains(Long.toString(b)).doesNotContain(Long.toString(a));

        // one batch of reports over both servers: each server records its own order
        HttpCall.Response batch = HttpCall.post(port, "/internal/orders/consumer-reports")
                .bearer(TestInfrastructure.shared().authServer().tokens().reporter(OrderMessaging.INVENTORY_CONSUMER_GROUP))
                .json("{\"consumerGroup\":\"" + OrderMessaging.INVENTORY_CONSUMER_GROUP + "\",\"reports\":["
                        + "{\"orderId\":\"" + a + "\",\"eventType\":\"ORDER_CREATED\",\"status\":\"SUCCESS\",\"detail\":\"sharded\"},"
                        + "{\"orderId\":\"" + b + "\",\"eventType\":\"ORDER_CREATED\",\"status\":\"SUCCESS\",\"detail\":\"sharded\"}]}")
                .send();
        assertThat(batch.status()).as(batch.body()).isEqualTo(200);
        assertThat(batch.json().get("recorded").asInt()).isEqualTo(2);
        assertThat(rows(server0, "message_consumer_status", a)).isEqualTo(1);
        assertThat(rows(server1, "message_consumer_status", b)).isEqualTo(1);

        // the broker's check-back (through the listener it calls), for an attempt that committed and one never seen, asks b's server
        RocketMQLocalTransactionListener listener = service.getBean(RocketMQLocalTransactionListener.class);
        String committed = server1.queryForObject("SELECT transaction_id FROM tx_attempt_barrier WHERE order_id = ?", String.class, b);
        assertThat(CheckBacks.ask(listener, b, OrderEventType.ORDER_CREATED, committed)).isEqualTo(RocketMQLocalTransactionState.COMMIT);
        String unseen = "never-" + UUID.randomUUID();
        assertThat(CheckBacks.ask(listener, b, OrderEventType.ORDER_CREATED, unseen)).isEqualTo(RocketMQLocalTransactionState.ROLLBACK);
        String settled = "SELECT COUNT(*) FROM tx_attempt_barrier WHERE transaction_id = ?";
        assertThat(server1.queryForObject(settled, Integer.class, unseen)).isEqualTo(1);
        assertThat(server0.queryForObject(settled, Integer.class, unseen)).isZero();
    }

    /**
     * The work of an order does not grow with servers (docs/capacity.md): its server gets exactly the
     * statements one server gets (StatementsPerOrderIT), the other server none.
     */
    @Test
    void anOrderCostsItsServerWhatItCostsOneServerAndTheOtherNothing() throws SQLException {
        place(ON_SERVER_1); // warm
        List<List<String>> onServer1 = new ArrayList<>();
        List<String> onServer0 = statementsDuring(server0.getDataSource(), 201, () -> {
            try {
                onServer1.add(statementsDuring(server1.getDataSource(), 201, () -> place(ON_SERVER_1).status()));
            } catch (SQLException e) {
                throw new IllegalStateException(e);
            }
            return 201;
        });
        assertThat(kinds(onServer1.get(0))).as("statements on the order's server: %s", onServer1.get(0))
                .containsExactly("INSERT", "INSERT", "INSERT", "COMMIT");
        assertThat(onServer0).as("statements on the other server").isEmpty();
    }

    @Test
    void aDeadServerRefusesItsCustomersAtOnceWhileTheOtherKeepsTakingOrders() {
        second.stop();
        try {
            MeterRegistry meters = service.getBean(MeterRegistry.class);
            HttpCall.Response first = place(ON_SERVER_1);
            assertThat(first.status()).as(first.body()).isEqualTo(503);
            double timeouts = poolTimeouts(meters);
            for (int i = 0; i < 10; i++) {
                HttpCall.Response refused = place(ON_SERVER_1);
                assertThat(refused.status()).as(refused.body()).isEqualTo(503);
                assertThat(place(ON_SERVER_0).status()).isEqualTo(201);
            }
            // refusals within down-for fail before the pool: at most the one probe per second waited for it
            assertThat(poolTimeouts(meters) - timeouts).isLessThan(10);
        } finally {
            second.startAgain();
        }
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertThat(place(ON_SERVER_1).status()).isEqualTo(201));
    }

    private static double poolTimeouts(MeterRegistry meters) {
        return meters.get("hikaricp.connections.timeout").tag("pool", "order-db-1").counter().count();
    }

    private static int rows(JdbcTemplate server, String table, long orderId) {
        return server.queryForObject("SELECT COUNT(*) FROM " + table + " WHERE order_id = ?", Integer.class, orderId);
    }

    private static HttpCall.Response place(long customer) {
        return HttpCall.post(port, "/api/orders").bearer(TestInfrastructure.shared().authServer().tokens().customer(customer))
                .header("Idempotency-Key", "shard-" + UUID.randomUUID())
                .json("{\"userId\":" + customer + ",\"skuId\":7,\"quantity\":1}").send();
    }

    private static HttpCall.Response get(String path, long customer) {
        return HttpCall.get(port, path).bearer(TestInfrastructure.shared().authServer().tokens().customer(customer)).send();
    }
}
