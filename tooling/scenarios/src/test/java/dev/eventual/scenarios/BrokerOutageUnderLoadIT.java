package dev.eventual.scenarios;

import dev.eventual.common.api.problem.ProblemTypes;
import dev.eventual.infra.db.ServiceDatabase;
import dev.eventual.infra.mq.EmbeddedRocketMq;
import dev.eventual.launcher.SuiteService;
import dev.eventual.launcher.process.ServiceProcess;
import dev.eventual.scenarios.fault.FaultPoint;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.LongStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Scenario 4: the broker stops while clients keep ordering. Orders are still accepted while it is down
 * (their events wait for the relay; issue 39), none is refused for the broker, and every accepted order is
 * consumed and reconciled once it is back. And the relay's crash window: order-service killed after the
 * broker stored the relay's sends and before their mark SENT committed re-sends them, and the consumers
 * absorb the duplicates.
 */
class BrokerOutageUnderLoadIT {

    private static final Logger log = LoggerFactory.getLogger(BrokerOutageUnderLoadIT.class);
    private static final List<Long> SKUS = LongStream.rangeClosed(84_001, 84_004).boxed().toList();
    private static final int RELAYED_ORDERS = 5;

    private final ChaosSuite chaos = ChaosSuite.get();

    @AfterEach
    void brokerBack() {
        chaos.faults.reset(FaultPoint.RELAY_HANG_BEFORE_MARK_COMMIT);
        if (!chaos.suite.broker().isBrokerRunning()) {
            chaos.suite.broker().startBroker();
        }
        for (SuiteService service : List.of(SuiteService.ORDER, SuiteService.RECONCILE)) {
            ServiceProcess process = chaos.suite.service(service);
            if (!process.isAlive()) {
                process.start();
                process.awaitHealthy(Duration.ofMinutes(3));
            }
        }
    }

    @Test
    void ordersDuringABrokerOutageAreAcceptedAndNoneIsLost() throws Exception {
        Map<Long, Integer> initial = SKUS.stream().collect(Collectors.toMap(Function.identity(), sku -> 10_000));
        chaos.stock(initial);
        EmbeddedRocketMq broker = chaos.suite.broker();
        long started = System.nanoTime();
        List<OrderClient.Attempt> attempts;
        try (LoadGenerator load = new LoadGenerator(chaos, 6, SKUS, 840_000, "broker-outage-", 4)) {
            await().atMost(Duration.ofSeconds(60)).until(() -> load.answered(201) >= 30);
            broker.stopBroker();
            long placedBeforeOutage = load.answered(201);
            await().atMost(Duration.ofSeconds(60)).until(() -> load.answered(201) >= placedBeforeOutage + 30);
            broker.startBroker();
            long placedBeforeRecovery = load.answered(201);
            await().atMost(Duration.ofSeconds(90)).until(() -> load.answered(201) >= placedBeforeRecovery + 30);
            attempts = load.stop();
        }
        Map<Integer, Long> statuses = ClientOutcomes.verify(chaos, attempts, Set.of(201, 503));
        assertThat(attempts).as("orders refused for the broker").noneMatch(attempt ->
                ProblemTypes.BROKER_UNAVAILABLE.toString().equals(attempt.problemType()));
        chaos.awaitQuiet();
        assertThat(chaos.violations(initial)).isEmpty();
        log.info("Broker outage under load: {} attempts by status {}; consistent {} s after the load started",
                attempts.size(), statuses, (System.nanoTime() - started) / 1_000_000_000);
    }

    @Test
    void orderServiceKilledBetweenTheRelaysSendAndItsMarkDeliversTwiceWithOneEffect() throws Exception {
        long sku = 84_101;
        chaos.stock(Map.of(sku, 100));
        EmbeddedRocketMq broker = chaos.suite.broker();
        // the relay alone takes the events to the consumers: reconciliation would re-drive them over the
        // consumers' APIs once due (2 s in this suite), and the reports would end the relay's work on them
        chaos.suite.service(SuiteService.RECONCILE).stop();
        broker.stopBroker();
        List<Long> placed = chaos.placeAccepted(RELAYED_ORDERS, 841_000, sku, i -> 1, "relay-crash-");
        assertThat(chaos.strings(ServiceDatabase.ORDER, "SELECT msg_status FROM message_log WHERE order_id IN ("
                + ids(placed) + ")")).as("accepted while the broker was down").containsOnly("WAITING").hasSize(RELAYED_ORDERS);

        double inventoryDuplicates = chaos.meter(SuiteService.INVENTORY, "eventual.inventory.duplicates", "event:ORDER_CREATED");
        double noticeDuplicates = chaos.meter(SuiteService.NOTICE, "eventual.notice.duplicates");
        double deducted = chaos.meter(SuiteService.INVENTORY, "eventual.inventory.consumed", "event:ORDER_CREATED",
                "outcome:SUCCESS");
        chaos.faults.arm(FaultPoint.RELAY_HANG_BEFORE_MARK_COMMIT);
        broker.startBroker();
        // the broker stored a batch of the relay's sends; the transaction that marks them SENT never commits
        await().atMost(Duration.ofMinutes(2)).until(() -> chaos.faults.arrivals(FaultPoint.RELAY_HANG_BEFORE_MARK_COMMIT) > 0);
        int sentUnmarked = chaos.faults.arrivals(FaultPoint.RELAY_HANG_BEFORE_MARK_COMMIT);
        ServiceProcess orderService = chaos.suite.service(SuiteService.ORDER);
        orderService.kill();
        chaos.faults.reset(FaultPoint.RELAY_HANG_BEFORE_MARK_COMMIT);
        assertThat(chaos.count(ServiceDatabase.ORDER, "SELECT COUNT(*) FROM message_log WHERE msg_status = 'WAITING'"
                + " AND order_id IN (" + ids(placed) + ")")).as("the kill took the uncommitted mark with it")
                .isEqualTo(RELAYED_ORDERS);
        orderService.start();
        orderService.awaitHealthy(Duration.ofMinutes(3));

        // the restarted relay sends every row again, the unmarked ones a second time
        await().atMost(Duration.ofMinutes(2)).until(() -> chaos.count(ServiceDatabase.ORDER, "SELECT COUNT(*) FROM message_log"
                + " WHERE msg_status = 'WAITING' AND order_id IN (" + ids(placed) + ")") == 0);
        await().atMost(Duration.ofSeconds(60)).untilAsserted(() -> {
            assertThat(chaos.meter(SuiteService.INVENTORY, "eventual.inventory.consumed", "event:ORDER_CREATED",
                    "outcome:SUCCESS")).as("created events applied").isEqualTo(deducted + RELAYED_ORDERS);
            assertThat(chaos.meter(SuiteService.INVENTORY, "eventual.inventory.duplicates", "event:ORDER_CREATED"))
                    .as("second deliveries inventory-service recognised").isGreaterThanOrEqualTo(inventoryDuplicates + sentUnmarked);
            assertThat(chaos.meter(SuiteService.NOTICE, "eventual.notice.duplicates"))
                    .as("second deliveries notice-service recognised").isGreaterThanOrEqualTo(noticeDuplicates + sentUnmarked);
        });

        ServiceProcess reconcile = chaos.suite.service(SuiteService.RECONCILE);
        reconcile.start();
        reconcile.awaitHealthy(Duration.ofMinutes(3));
        chaos.awaitQuiet();
        assertThat(chaos.count(ServiceDatabase.INVENTORY, "SELECT stock FROM inventory WHERE sku_id = ?", sku))
                .isEqualTo(100 - RELAYED_ORDERS);
        for (long orderId : placed) {
            assertThat(chaos.strings(ServiceDatabase.INVENTORY, "SELECT status FROM inventory_deduct_log WHERE order_id = ?",
                    orderId)).containsExactly("SUCCESS");
            assertThat(chaos.strings(ServiceDatabase.NOTICE, "SELECT CONCAT(status, ' ', attempts) FROM notice_log"
                    + " WHERE order_id = ?", orderId)).as("the notice claimed and sent once").containsExactly("SUCCESS 1");
        }
        assertThat(chaos.violations(Map.of(sku, 100))).isEmpty();
        log.info("Relay crash: {} of {} events stored by the broker but not marked when order-service was killed; all"
                + " delivered again, one effect each", sentUnmarked, RELAYED_ORDERS);
    }

    private static String ids(List<Long> orders) {
        return orders.stream().map(String::valueOf).collect(Collectors.joining(", "));
    }
}
