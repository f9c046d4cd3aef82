package dev.eventual.scenarios;

import dev.eventual.common.api.problem.ProblemTypes;
import dev.eventual.infra.mq.EmbeddedRocketMq;
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
 * consumed and reconciled once it is back.
 */
class BrokerOutageUnderLoadIT {

    private static final Logger log = LoggerFactory.getLogger(BrokerOutageUnderLoadIT.class);
    private static final List<Long> SKUS = LongStream.rangeClosed(84_001, 84_004).boxed().toList();

    private final ChaosSuite chaos = ChaosSuite.get();

    @AfterEach
    void brokerBack() {
        if (!chaos.suite.broker().isBrokerRunning()) {
            chaos.suite.broker().startBroker();
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
}
