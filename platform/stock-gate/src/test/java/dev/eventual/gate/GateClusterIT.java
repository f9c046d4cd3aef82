package dev.eventual.gate;

import dev.eventual.gate.StockGate.MissingCount;
import dev.eventual.infra.redis.EmbeddedRedisCluster;
import dev.eventual.infra.test.Concurrently;
import dev.eventual.infra.test.TestInfrastructure;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.data.redis.connection.ClusterSlotHashUtil;
import org.springframework.data.redis.connection.RedisClusterConnection;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The gate, unchanged, on a real Redis Cluster of three masters, through Spring Boot's cluster
 * configuration: SKUs on every master, the repair's scan finding them all, no oversell under concurrent
 * reserves across masters, and a master that comes back empty while the others keep their data.
 */
@SpringBootTest(classes = GateClusterIT.GateOnCluster.class)
class GateClusterIT {

    private static final int MASTERS = 3;
    private static final EmbeddedRedisCluster cluster = EmbeddedRedisCluster.start(
            Path.of(System.getProperty(TestInfrastructure.DIR_PROPERTY, "target/infra")).resolve("gate-cluster"), MASTERS);

    @Autowired
    private StockGate gate;

    @Autowired
    private StringRedisTemplate redis;

    private final long firstSku = ThreadLocalRandom.current().nextLong(1, 1L << 50);

    @DynamicPropertySource
    static void redisCluster(DynamicPropertyRegistry registry) {
        registry.add("spring.data.redis.cluster.nodes", () -> String.join(",", cluster.addresses()));
        registry.add("spring.data.redis.password", cluster::password);
        registry.add("spring.data.redis.timeout", () -> "2s");
    }

    @AfterAll
    static void stopCluster() {
        cluster.close();
    }

    @Test
    void theRepairsScanFindsTheSkusOfEveryMaster() {
        List<Long> seeded = IntStream.range(0, MASTERS).mapToObj(master -> skusOn(master, 2)).flatMap(List::stream).toList();
        seeded.forEach(sku -> gate.seed(sku, 5, List.of(), MissingCount.CREATE));
        // a SKU with reservations and no count (restored for a rebuild) is known too
        List<Long> reservedOnly = IntStream.range(0, MASTERS).mapToObj(master -> skusOn(master, 3).get(2)).toList();
        reservedOnly.forEach(sku -> gate.restore(sku, 1, 1, Instant.now()));

        // the SKUs really are on three masters, as Redis itself places their keys
        Set<String> servers = new HashSet<>();
        redis.execute(connection -> {
            RedisClusterConnection clustered = (RedisClusterConnection) connection;
            seeded.forEach(sku -> servers.add(clustered.clusterGetNodeForKey(StockGate.available(sku).getBytes()).getId()));
            return null;
        }, true);
        assertThat(servers).hasSize(MASTERS);

        assertThat(gate.knownSkus()).containsAll(seeded).containsAll(reservedOnly);
    }

    @Test
    void concurrentReservesOnThreeMastersNeverOversellAndAGiveBackReturnsOnce() throws Exception {
        List<Long> skus = IntStream.range(0, MASTERS).mapToObj(master -> skusOn(master, 1).get(0)).toList();
        skus.forEach(sku -> gate.seed(sku, 10, List.of(), MissingCount.CREATE));

        List<GateDecision> decisions = Concurrently.run(90, i -> gate.reserve(skus.get(i % MASTERS), 10_000 + i, 1, "buyer:" + (10_000 + i)));

        for (int m = 0; m < MASTERS; m++) {
            int master = m;
            List<GateDecision> forSku = IntStream.range(0, 90).filter(i -> i % MASTERS == master).mapToObj(decisions::get).toList();
            assertThat(forSku).filteredOn(GateDecision::reserved).hasSize(10);
            assertThat(forSku).filteredOn(decision -> decision.outcome() == GateOutcome.SOLD_OUT).hasSize(20);
            assertThat(gate.state(skus.get(master))).satisfies(state -> {
                assertThat(state.available()).isZero();
                assertThat(state.reservations()).hasSize(10);
            });
        }

        // three reserved orders per SKU give back, each asked twice at once
        List<Long> reservedOrders = IntStream.range(0, 90).filter(i -> decisions.get(i).reserved()).mapToObj(i -> 10_000L + i)
                .toList();
        List<Long> givingBack = new ArrayList<>();
        for (int master = 0; master < MASTERS; master++) {
            int m = master;
            reservedOrders.stream().filter(order -> (order - 10_000) % MASTERS == m).limit(3).forEach(givingBack::add);
        }
        List<Long> givenBack = Concurrently.run(18, i -> {
            long order = givingBack.get(i % 9);
            return gate.giveBack(skus.get((int) ((order - 10_000) % MASTERS)), order);
        });
        assertThat(givenBack).filteredOn(units -> units == 1).hasSize(9);
        skus.forEach(sku -> assertThat(gate.state(sku).available()).isEqualTo(3));

        List<GateDecision> again = Concurrently.run(18, i -> gate.reserve(skus.get(i % MASTERS), 20_000 + i, 1, "buyer:" + (20_000 + i)));
        assertThat(again).filteredOn(GateDecision::reserved).hasSize(9);
        skus.forEach(sku -> assertThat(gate.state(sku)).satisfies(state -> {
            assertThat(state.available()).isZero();
            assertThat(state.reserved()).isEqualTo(10);
        }));
    }

    @Test
    void aMasterThatComesBackEmptyLosesItsSkusWithTheirMarksAndIsRebuiltExactly() throws Exception {
        // the master that loses its data is one that does not hold the old single mark's slot: with that
        // mark, the other masters would still say "catalog seeded" for the lost SKUs
        int lost = IntStream.range(0, MASTERS)
                .filter(m -> m != cluster.masterOf(ClusterSlotHashUtil.calculateSlot("eventual:gate:catalog-seeded")))
                .findFirst().orElseThrow();
        Map<Long, Integer> catalog = new java.util.TreeMap<>();
        IntStream.range(0, MASTERS).forEach(master -> skusOn(master, 2).forEach(sku -> catalog.put(sku, master)));
        catalog.keySet().forEach(sku -> gate.seed(sku, 10, List.of(), MissingCount.CREATE));
        gate.markCatalogSeeded();
        assertThat(gate.catalogSeeded()).isTrue();
        // one order in flight per SKU (committed in order_db, not yet applied by inventory), order id = sku
        Instant reservedAt = Instant.now();
        catalog.keySet().forEach(sku -> assertThat(gate.reserve(sku, sku, 3, "buyer:" + sku).reserved()).isTrue());
        List<Long> lostSkus = catalog.keySet().stream().filter(sku -> catalog.get(sku) == lost).toList();
        List<Long> keptSkus = catalog.keySet().stream().filter(sku -> catalog.get(sku) != lost).toList();
        long unknownOnLost = skusOn(lost, 3).get(2);
        long unknownOnKept = skusOn((lost + 1) % MASTERS, 3).get(2);

        cluster.restartEmpty(lost);

        // nothing admitted on the lost master: its SKUs have no count, and no mark says they are unknown
        await().atMost(Duration.ofSeconds(15)).ignoreExceptions()
                .until(() -> gate.reserve(lostSkus.get(0), 1, 1, "buyer:1").outcome() == GateOutcome.NOT_SEEDED);
        for (long sku : lostSkus) {
            assertThat(gate.reserve(sku, 2, 1, "buyer:2").outcome()).isEqualTo(GateOutcome.NOT_SEEDED);
            assertThat(gate.catalogSeeded(sku)).as("order-service answers 503, not 422 unknown-sku").isFalse();
            // inventory's PUT stock / reseed (create only while marked) leaves the count to the rebuild
            assertThat(gate.seed(sku, 10, List.of(), gate.catalogSeeded(sku) ? MissingCount.CREATE : MissingCount.LEAVE).available()).isNull();
        }
        assertThat(gate.catalogSeeded(unknownOnLost)).isFalse();
        // the other masters kept their counts, reservations and marks
        for (long sku : keptSkus) {
            assertThat(gate.state(sku)).isEqualTo(new GateState(7L, Map.of(sku, 3)));
            assertThat(gate.catalogSeeded(sku)).isTrue();
        }
        assertThat(gate.catalogSeeded(unknownOnKept)).as("order-service still answers 422 there").isTrue();
        // the repair sees that a slot lost its mark, and the scan no longer finds the lost SKUs
        assertThat(gate.catalogSeeded()).isFalse();
        assertThat(gate.knownSkus()).containsAll(keptSkus).doesNotContainAnyElementsOf(lostSkus);

        // the rebuild, as reconcile-job and inventory-service run it: restore every order in flight (a SKU
        // that kept its count refuses), seed every catalog SKU without a count, then mark every slot
        List<Long> restored = catalog.keySet().stream().filter(sku -> gate.restore(sku, sku, 3, reservedAt)).toList();
        List<Long> rebuilt = catalog.keySet().stream().filter(sku -> !gate.seeded(sku))
                .filter(sku -> gate.seed(sku, 10, List.of(), MissingCount.CREATE).available() != null).toList();
        gate.markCatalogSeeded();

        assertThat(restored).containsExactlyInAnyOrderElementsOf(lostSkus);
        assertThat(rebuilt).containsExactlyInAnyOrderElementsOf(lostSkus);
        catalog.keySet().forEach(sku -> assertThat(gate.state(sku)).isEqualTo(new GateState(7L, Map.of(sku, 3))));
        assertThat(gate.catalogSeeded()).isTrue();
        assertThat(gate.catalogSeeded(unknownOnLost)).isTrue();
        assertThat(gate.knownSkus()).containsAll(catalog.keySet());

        // and the rebuilt SKUs sell exactly their stock minus what is in flight
        List<GateDecision> decisions = Concurrently.run(30, i -> gate.reserve(lostSkus.get(i % 2), 30_000 + i, 1, "buyer:" + (30_000 + i)));
        assertThat(decisions).filteredOn(GateDecision::reserved).hasSize(14);
        lostSkus.forEach(sku -> assertThat(gate.state(sku).available()).isZero());
    }

    /** {@code count} SKUs from this test's range whose keys the given master serves. */
    private List<Long> skusOn(int master, int count) {
        List<Long> skus = new ArrayList<>();
        for (long sku = firstSku; skus.size() < count; sku++) {
            if (cluster.masterOf(ClusterSlotHashUtil.calculateSlot(StockGate.available(sku))) == master) {
                skus.add(sku);
            }
        }
        return skus;
    }

    /** Spring Boot's Redis client (here its cluster configuration) and the gate's own auto-configuration. */
    @SpringBootConfiguration
    @ImportAutoConfiguration({DataRedisAutoConfiguration.class, StockGateAutoConfiguration.class})
    static class GateOnCluster {
    }
}
