package dev.eventual.order.id;

import dev.eventual.order.core.leases.WorkerLeases;
import dev.eventual.infra.db.DatabaseServer;
import dev.eventual.infra.db.ServiceDatabase;
import dev.eventual.infra.test.HttpCall;
import dev.eventual.infra.test.InfrastructureInitializer;
import dev.eventual.infra.test.TestInfrastructure;
import dev.eventual.order.OrderServiceApplication;
import io.micrometer.core.instrument.MeterRegistry;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

/**
 * Worker id leases with several order-service instances (Spring contexts) on one real order_db: each
 * live instance mints under its own worker id, a held id refuses a second instance, a lease that ran
 * out is taken over, and an instance that cannot renew stops minting until it holds a lease again.
 */
class WorkerLeaseIT {

    /** Short timings for the tests that wait for a lease to run out. */
    private static final String[] SHORT_LEASE = {"--eventual.order.worker-lease.duration=3s",
            "--eventual.order.worker-lease.renew-interval=1s"};

    private static DatabaseServer database;
    private static JdbcTemplate jdbc;

    @BeforeAll
    static void database() {
        database = TestInfrastructure.shared().migrated(ServiceDatabase.ORDER);
        jdbc = new JdbcTemplate(new DriverManagerDataSource(database.jdbcUrl(ServiceDatabase.ORDER.databaseName()),
                database.username(), database.password()));
    }

    @Test
    void twoInstancesLeaseDifferentWorkerIdsAndMintDisjointIds() {
        try (ConfigurableApplicationContext a = start(); ConfigurableApplicationContext b = start()) {
            int workerA = workerId(a);
            int workerB = workerId(b);
            assertThat(workerA).isNotEqualTo(workerB);
            assertThat(holderOf(workerA)).isNotEqualTo(holderOf(workerB));

            CompletableFuture<List<Long>> fromA = CompletableFuture.supplyAsync(() -> mint(a.getBean(OrderIds.class)));
            CompletableFuture<List<Long>> fromB = CompletableFuture.supplyAsync(() -> mint(b.getBean(OrderIds.class)));
            Set<Long> idsA = new HashSet<>(fromA.join());
            List<Long> idsB = fromB.join();
            assertThat(idsB.stream().filter(idsA::contains).count()).as("ids minted by both").isZero();
            assertThat(idsA).allMatch(id -> workerOf(id) == workerA);
            assertThat(idsB).allMatch(id -> workerOf(id) == workerB);

            // and through the API: each instance's orders carry its own worker id
            assertThat(workerOf(placeOrder(a).json().get("orderId").asLong())).isEqualTo(workerA);
            assertThat(workerOf(placeOrder(b).json().get("orderId").asLong())).isEqualTo(workerB);
        }
    }

    @Test
    void aConfiguredWorkerIdLeasedByALiveInstanceRefusesToStartNamingTheHolder() {
        try (ConfigurableApplicationContext a = start()) {
            int held = workerId(a);

            assertThatThrownBy(() -> start("--eventual.order.worker-id=" + held).close())
                    .hasStackTraceContaining("eventual.order.worker-id=" + held + " is leased by " + holderOf(held));
            assertThat(workerId(a)).isEqualTo(held);
        }
    }

    @Test
    void gracefulShutdownFreesTheWorkerIdForTheNextInstance() {
        int released;
        try (ConfigurableApplicationContext a = start()) {
            released = workerId(a);
        }
        assertThat(jdbc.queryForObject("SELECT expires_at IS NULL FROM order_worker_lease WHERE worker_id = ?",
                Boolean.class, released)).isTrue();
        // the last id's time replaced the renewal's ceiling (30 s ahead), so the next holder need not wait
        assertThat(jdbc.queryForObject("SELECT max_millis FROM order_worker_lease WHERE worker_id = ?",
                Long.class, released)).isLessThanOrEqualTo(System.currentTimeMillis());

        try (ConfigurableApplicationContext b = start("--eventual.order.worker-id=" + released)) {
            assertThat(workerId(b)).isEqualTo(released);
        }
    }

    @Test
    void aLeaseThatRanOutIsTakenOverAndMintedAfterThePreviousHoldersIds() {
        int crashed = freeWorkerId();
        // a crashed instance: its lease ran out a second ago; it may have minted ids up to 400 ms from now
        long previousCeiling = System.currentTimeMillis() + 400;
        jdbc.update("UPDATE order_worker_lease SET holder = 'crashed-host/1/deadbeef',"
                + " expires_at = TIMESTAMPADD(SECOND, -1, CURRENT_TIMESTAMP(3)), max_millis = ? WHERE worker_id = ?",
                previousCeiling, crashed);

        try (ConfigurableApplicationContext b = start("--eventual.order.worker-id=" + crashed)) {
            assertThat(workerId(b)).isEqualTo(crashed);
            assertThat(holderOf(crashed)).isNotEqualTo("crashed-host/1/deadbeef");
            long first = b.getBean(OrderIds.class).next(0);
            assertThat(millisOf(first)).isGreaterThan(previousCeiling);
        }
    }

    @Test
    void aLiveLeaseOfAnotherInstanceIsNotTakenOver() {
        int alive = freeWorkerId();
        jdbc.update("UPDATE order_worker_lease SET holder = 'other-host/2/cafebabe',"
                + " expires_at = TIMESTAMPADD(MINUTE, 1, CURRENT_TIMESTAMP(3)) WHERE worker_id = ?", alive);
        try {
            assertThatThrownBy(() -> start("--eventual.order.worker-id=" + alive).close())
                    .hasStackTraceContaining("is leased by other-host/2/cafebabe until");
        } finally {
            jdbc.update("UPDATE order_worker_lease SET expires_at = NULL WHERE worker_id = ?", alive);
        }
    }

    @Test
    void ofManyInstancesTakingOneWorkerIdAtOnceExactlyOneGetsIt() throws Exception {
        try (ConfigurableApplicationContext a = start()) {
            WorkerLeases leases = a.getBean(WorkerLeases.class);
            WorkerLeases.Lease wanted = leases.free(0, Long.MAX_VALUE, 1).get(0);
            int takers = 8;
            CountDownLatch go = new CountDownLatch(1);
            ExecutorService pool = Executors.newFixedThreadPool(takers);
            try {
                List<Future<Integer>> taken = new ArrayList<>();
                for (int i = 0; i < takers; i++) {
                    String holder = "racer-" + i;
                    taken.add(pool.submit(() -> {
                        go.await();
                        return leases.take(0, wanted, holder, 60_000_000L, 0) ? 1 : 0;
                    }));
                }
                go.countDown();
                int winners = 0;
                for (Future<Integer> rows : taken) {
                    winners += rows.get();
                }
                assertThat(winners).isEqualTo(1);
                assertThat(holderOf(wanted.workerId())).startsWith("racer-");
            } finally {
                pool.shutdown();
                jdbc.update("UPDATE order_worker_lease SET expires_at = NULL WHERE worker_id = ?", wanted.workerId());
            }
        }
    }

    @Test
    void anInstanceThatCannotRenewStopsMintingUntilItCanAgain() throws Exception {
        try (ConfigurableApplicationContext a = start(SHORT_LEASE)) {
            int held = workerId(a);
            assertThat(placeOrder(a).status()).isEqualTo(201);

            // the database stalls this instance's renewals: the test holds the lease row's lock
            try (Connection stall = DriverManager.getConnection(database.jdbcUrl(ServiceDatabase.ORDER.databaseName()),
                    database.username(), database.password())) {
                stall.setAutoCommit(false);
                try (Statement lock = stall.createStatement()) {
                    lock.executeQuery("SELECT worker_id FROM order_worker_lease WHERE worker_id = " + held + " FOR UPDATE").close();
                }
                await().atMost(Duration.ofSeconds(15)).until(() -> placeOrder(a).status() == 503);

                long orders = countOrders();
                HttpCall.Response refused = placeOrder(a);
                assertThat(refused.status()).isEqualTo(503);
                assertThat(refused.contentType()).startsWith("application/problem+json");
                assertThat(refused.json().get("type").asString()).isEqualTo("urn:eventual:problem:dependency-unavailable");
                assertThat(refused.json().get("detail").asString())
                        .contains("the lease on worker id " + held + " could not be renewed in time");
                assertThat(countOrders()).isEqualTo(orders);
                assertThat(workerId(a)).as("gauge while the lease has run out").isEqualTo(-1);
                stall.rollback();
            }

            await().atMost(Duration.ofSeconds(15)).until(() -> placeOrder(a).status() == 201);
            assertThat(workerId(a)).isEqualTo(held);
        }
    }

    @Test
    void anInstanceWhoseLeaseWasTakenOverStopsUsingThatWorkerIdAndTakesAnother() {
        try (ConfigurableApplicationContext a = start(SHORT_LEASE)) {
            int held = workerId(a);
            // as if the lease had run out unrenewed and another instance had taken the worker id
            jdbc.update("UPDATE order_worker_lease SET holder = 'thief/3/0badf00d',"
                    + " expires_at = TIMESTAMPADD(MINUTE, 1, CURRENT_TIMESTAMP(3)) WHERE worker_id = ?", held);
            try {
                await().atMost(Duration.ofSeconds(15)).until(() -> workerId(a) != held && workerId(a) >= 0);

                assertThat(workerOf(a.getBean(OrderIds.class).next(0))).isEqualTo(workerId(a));
                assertThat(holderOf(held)).isEqualTo("thief/3/0badf00d");
                assertThat(a.getBean(MeterRegistry.class).get("eventual.order.worker-lease.lost").counter().count())
                        .isEqualTo(1);
                assertThat(placeOrder(a).status()).isEqualTo(201);
            } finally {
                jdbc.update("UPDATE order_worker_lease SET expires_at = NULL WHERE worker_id = ?", held);
            }
        }
    }

    private static ConfigurableApplicationContext start(String... extra) {
        List<String> args = new ArrayList<>(List.of("--server.port=0",
                "--" + InfrastructureInitializer.DATABASE_PROPERTY + "=ORDER",
                // several instances share the test database: keep their pools small
                "--spring.datasource.hikari.maximum-pool-size=4"));
        args.addAll(List.of(extra));
        return OrderServiceApplication.application().initializers(new InfrastructureInitializer())
                .run(args.toArray(String[]::new));
    }

    /** What the instance reports (gauge {@code eventual.order.worker-id}), checked against the lease table. */
    private static int workerId(ConfigurableApplicationContext context) {
        int workerId = (int) context.getBean(MeterRegistry.class).get("eventual.order.worker-id").gauge().value();
        if (workerId >= 0) {
            assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM order_worker_lease WHERE worker_id = ?"
                    + " AND expires_at > CURRENT_TIMESTAMP(3)", Integer.class, workerId)).as("live lease row").isEqualTo(1);
        }
        return workerId;
    }

    /** A worker id no live instance holds (the JVM's other test contexts hold some). */
    private static int freeWorkerId() {
        return jdbc.queryForObject("SELECT MAX(worker_id) FROM order_worker_lease"
                + " WHERE expires_at IS NULL OR expires_at <= CURRENT_TIMESTAMP(3)", Integer.class);
    }

    private static String holderOf(int workerId) {
        return jdbc.queryForObject("SELECT holder FROM order_worker_lease WHERE worker_id = ?", String.class, workerId);
    }

    private static long countOrders() {
        return jdbc.queryForObject("SELECT COUNT(*) FROM t_order", Long.class);
    }

    private static HttpCall.Response placeOrder(ConfigurableApplicationContext context) {
        int port = Integer.parseInt(context.getEnvironment().getRequiredProperty("local.server.port"));
        return HttpCall.post(port, "/api/orders").bearer(TestInfrastructure.shared().authServer().tokens().customer(77))
                .header("Idempotency-Key", "lease-" + System.nanoTime())
                .json("{\"userId\":77,\"skuId\":7,\"quantity\":1}").send();
    }

    private static List<Long> mint(OrderIds ids) {
        List<Long> minted = new ArrayList<>();
        for (int i = 0; i < 5_000; i++) {
            minted.add(ids.next(0));
        }
        return minted;
    }

    private static long workerOf(long id) {
        return (id >>> (SnowflakeIds.SEQUENCE_BITS + SnowflakeIds.GENE_BITS)) & SnowflakeIds.MAX_WORKER_ID;
    }

    private static long millisOf(long id) {
        return (id >>> (SnowflakeIds.SEQUENCE_BITS + SnowflakeIds.WORKER_BITS + SnowflakeIds.GENE_BITS)) + SnowflakeIds.EPOCH_MILLIS;
    }
}
