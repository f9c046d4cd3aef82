package dev.eventual.scenarios;

import dev.eventual.common.api.problem.ProblemTypes;
import dev.eventual.infra.db.EmbeddedMariaDb;
import dev.eventual.launcher.SuiteService;
import dev.eventual.order.core.shard.OrderShards;
import dev.eventual.scenarios.fault.FaultPoint;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.stream.LongStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Scenario 8: random faults from the other scenarios while clients keep ordering, then every
 * invariant. The seed decides the load and the faults; it is printed first, and
 * {@code -Deventual.soak.seed=<seed>} replays a run ({@code -Deventual.soak.duration=PT30M} runs longer).
 * order_db lies on two servers ({@link ChaosSuite#ORDER_SERVERS}), and one of them going down is among the faults.
 */
class SoakIT {

    private static final Logger log = LoggerFactory.getLogger(SoakIT.class);
    private static final List<Long> SKUS = LongStream.rangeClosed(88_001, 88_020).boxed().toList();
    private static final int SCARCE_SKUS = 3;
    /**
     * The stock gate is on for five SKUs that never sell out (a sold-out SKU's 409 is final, which the
     * clients' retry check does not expect); the scarce ones keep today's path and its FAILs.
     */
    private static final List<Long> GATED = SKUS.subList(0, 5);
    static final String GATED_SKUS = String.join(",", GATED.stream().map(String::valueOf).toList());

    private final ChaosSuite chaos = ChaosSuite.get();

    /** One kind of trouble, injected while the load runs. */
    enum Fault {
        KILL_ORDER_SERVICE, KILL_INVENTORY_SERVICE, KILL_NOTICE_SERVICE, KILL_RECONCILE_JOB, BROKER_OUTAGE,
        ORDER_CRASH_BEFORE_LOCAL_COMMIT, ORDER_CRASH_AFTER_LOCAL_COMMIT, INVENTORY_CRASH_AFTER_DEDUCT, NOTICE_LOSES_EVENTS,
        REDIS_LOSES_ITS_DATA, ORDER_DB_SERVER_KILLED
    }

    /** Customers of the probes placed while an order_db server is down, one per placement. */
    private long nextProbeUser = 890_000;
    private final List<String> serverOutages = new ArrayList<>();
    private int brokerOutages;

    @AfterEach
    void everythingBack() {
        for (FaultPoint point : FaultPoint.values()) {
            chaos.faults.reset(point);
        }
        if (!chaos.suite.broker().isBrokerRunning()) {
            chaos.suite.broker().startBroker();
        }
        if (downServer != null) {
            downServer.startAgain();
            downServer = null;
        }
    }

    private EmbeddedMariaDb downServer;

    @Test
    void randomFaultsUnderLoadKeepEveryInvariant() throws Exception {
        long seed = Long.getLong("eventual.soak.seed", System.nanoTime());
        Duration duration = Duration.parse(System.getProperty("eventual.soak.duration", "PT2M"));
        log.info("Soak seed {} for {} (replay: -Deventual.soak.seed={})", seed, duration, seed);
        Random random = new Random(seed);
        Map<Long, Integer> initial = new HashMap<>();
        List<Long> ordered = new ArrayList<>();
        for (int i = 0; i < SKUS.size(); i++) {
            boolean scarce = i >= SKUS.size() - SCARCE_SKUS;
            initial.put(SKUS.get(i), scarce ? 10 : 1_000_000);
            // scarce SKUs get one pick in 60: they sell out and exercise FAIL, retries and work orders,
            // without turning the whole run into retries
            for (int pick = scarce ? 1 : 20; pick > 0; pick--) {
                ordered.add(SKUS.get(i));
            }
        }
        chaos.stock(initial);
        // the gated SKUs' counts exist once the repair's first rebuild ran (or at once, after it)
        await().atMost(Duration.ofMinutes(1)).untilAsserted(() -> assertThat(chaos.gateViolations(GATED)).isEmpty());

        long started = System.nanoTime();
        List<String> injected = new ArrayList<>();
        int serverDownAt = random.nextInt(3);
        List<OrderClient.Attempt> attempts;
        try (LoadGenerator load = new LoadGenerator(chaos, 4, ordered, 880_000, "soak-", seed)) {
            long deadline = System.nanoTime() + duration.toNanos();
            // a short run (CI's second JDK: docs/testing.md) still reaches its order_db server kill
            while (System.nanoTime() < deadline || injected.size() <= serverDownAt) {
                int before = load.attempted();
                int spacing = 20 + random.nextInt(60);
                // faults are spaced by load, not by time: the suite always gets work between two faults
                await().atMost(Duration.ofMinutes(2)).until(() -> load.attempted() >= before + spacing);
                // an order_db server is killed in every run, at a seeded place among the first three faults
                Fault fault = injected.size() == serverDownAt ? Fault.ORDER_DB_SERVER_KILLED
                        : Fault.values()[random.nextInt(Fault.values().length)];
                long faultStarted = System.nanoTime();
                inject(fault, load, random);
                injected.add(fault + " (" + (System.nanoTime() - faultStarted) / 1_000_000 + " ms)");
                log.info("Soak seed {}: fault {} injected and healed; {} attempts so far", seed, fault, load.attempted());
            }
            attempts = load.stop();
        }
        long loadEnded = System.nanoTime();
        Map<Integer, Long> statuses = ClientOutcomes.verify(chaos, attempts,
                Set.of(201, 200, 503, OrderClient.NO_ANSWER));
        chaos.awaitQuiet();
        assertThat(chaos.violations(initial)).as("invariant violations with soak seed %d", seed).isEmpty();
        // a reservation a killed order-service left is given back once older than the grace (15 s here)
        await().atMost(Duration.ofMinutes(1)).untilAsserted(() ->
                assertThat(chaos.gateViolations(GATED)).as("stock gate violations with soak seed %d", seed).isEmpty());
        log.info("Soak seed {}: {} attempts by status {}, {} faults injected {}; quiet {} s after the load stopped;"
                        + " 0 violations; order_db server outages {}; broker outages {}, no order refused for the broker",
                seed, attempts.size(), statuses, injected.size(), injected, (System.nanoTime() - loadEnded) / 1_000_000_000,
                serverOutages, brokerOutages);
        assertThat(injected).as("faults injected").isNotEmpty();
        assertThat(serverOutages).as("order_db server outages").isNotEmpty();
        log.info("Soak took {} s in all", (System.nanoTime() - started) / 1_000_000_000);
    }

    private void inject(Fault fault, LoadGenerator load, Random random) {
        switch (fault) {
            case KILL_ORDER_SERVICE -> chaos.suite.killAndRestart(SuiteService.ORDER);
            case KILL_INVENTORY_SERVICE -> chaos.suite.killAndRestart(SuiteService.INVENTORY);
            case KILL_NOTICE_SERVICE -> chaos.suite.killAndRestart(SuiteService.NOTICE);
            case KILL_RECONCILE_JOB -> chaos.suite.killAndRestart(SuiteService.RECONCILE);
            case BROKER_OUTAGE -> brokerOutage(load);
            case ORDER_CRASH_BEFORE_LOCAL_COMMIT -> crashAt(FaultPoint.ORDER_HANG_BEFORE_LOCAL_COMMIT, SuiteService.ORDER);
            case ORDER_CRASH_AFTER_LOCAL_COMMIT -> crashAt(FaultPoint.ORDER_HANG_AFTER_LOCAL_COMMIT, SuiteService.ORDER);
            case INVENTORY_CRASH_AFTER_DEDUCT -> crashAt(FaultPoint.INVENTORY_HANG_AFTER_DEDUCT, SuiteService.INVENTORY);
            case REDIS_LOSES_ITS_DATA -> {
                chaos.suite.redis().kill();
                chaos.suite.redis().startEmpty();
                int before = load.attempted();
                await().atMost(Duration.ofMinutes(1)).until(() -> load.attempted() >= before + 20);
            }
            case ORDER_DB_SERVER_KILLED -> orderDbServerKilled(random, load);
            case NOTICE_LOSES_EVENTS -> {
                chaos.faults.arm(FaultPoint.NOTICE_DROP);
                await().atMost(Duration.ofMinutes(1)).until(() -> chaos.faults.arrivals(FaultPoint.NOTICE_DROP) >= 3);
                chaos.faults.reset(FaultPoint.NOTICE_DROP);
            }
        }
    }

    /**
     * Stops the broker until 20 more orders are accepted: orders do not wait for the broker (their events
     * wait for the relay, issue 39), and none placed while it is down is refused for it.
     */
    private void brokerOutage(LoadGenerator load) {
        chaos.suite.broker().stopBroker();
        int from = load.attempted();
        long accepted = load.answered(201);
        await().atMost(Duration.ofMinutes(1)).until(() -> load.answered(201) >= accepted + 20);
        chaos.suite.broker().startBroker();
        List<OrderClient.Attempt> soFar = load.soFar();
        List<OrderClient.Attempt> duringOutage = soFar.subList(from, soFar.size());
        assertThat(duringOutage).as("orders refused for the broker while it was down").noneMatch(attempt ->
                ProblemTypes.BROKER_UNAVAILABLE.toString().equals(attempt.problemType()));
        brokerOutages++;
    }

    /**
     * Kills an order_db server (SIGKILL, in whatever state its transactions are; InnoDB recovers them when
     * it starts again), checks that its customers are refused with a 503 problem within the client's patience, not held,
     * while the other server's customers get their orders, then starts it again with its data.
     */
    private void orderDbServerKilled(Random random, LoadGenerator load) {
        List<EmbeddedMariaDb> servers = chaos.suite.orderServers();
        // not server 0: here it also holds inventory_db and notice_db, which a sharded deployment keeps apart
        int down = 1 + random.nextInt(servers.size() - 1);
        OrderShards shards = new OrderShards(servers.size());
        downServer = servers.get(down);
        downServer.kill();
        try {
            int before = load.attempted();
            for (int probe = 0; probe < 3; probe++) {
                long refusedUser = probeUser(shards, down, true);
                OrderClient.Attempt refused = chaos.orders().place(refusedUser, SKUS.get(0), 1, "soak-probe-" + refusedUser,
                        PROBE_PATIENCE);
                assertThat(refused.status()).as("customer %d of the killed server %d: %s", refusedUser, down, refused)
                        .isEqualTo(503);
                assertThat(refused.problemType()).isEqualTo(ProblemTypes.DATABASE_UNAVAILABLE.toString());
                long servedUser = probeUser(shards, down, false);
                OrderClient.Attempt served = chaos.orders().place(servedUser, SKUS.get(0), 1, "soak-probe-" + servedUser,
                        PROBE_PATIENCE);
                assertThat(served.status()).as("customer %d of a running server while server %d is down: %s", servedUser,
                        down, served).isEqualTo(201);
            }
            await().atMost(Duration.ofMinutes(1)).until(() -> load.attempted() >= before + 20);
        } finally {
            downServer.startAgain();
            downServer = null;
        }
        serverOutages.add("server " + down);
    }

    /** The next probe customer whose orders live on that server, or on another one. */
    private long probeUser(OrderShards shards, int server, boolean on) {
        while ((shards.serverOfUser(nextProbeUser) == server) != on) {
            nextProbeUser++;
        }
        return nextProbeUser++;
    }

    /**
     * Longer than a refusal can take (order-service's pool waits 3 s for a connection, then the server
     * counts as down for eventual.order-db.down-for), far shorter than a request held until the database is back.
     */
    private static final Duration PROBE_PATIENCE = Duration.ofSeconds(10);

    /** Arms the point, waits until the load reaches it, kills the service and restarts it clean. */
    private void crashAt(FaultPoint point, SuiteService service) {
        chaos.faults.arm(point);
        await().atMost(Duration.ofMinutes(1)).until(() -> chaos.faults.arrivals(point) >= 1);
        chaos.suite.service(service).kill();
        chaos.faults.reset(point);
        chaos.suite.service(service).start();
        chaos.suite.service(service).awaitHealthy(Duration.ofMinutes(3));
    }
}
