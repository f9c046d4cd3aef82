package dev.eventual.scenarios;

import dev.eventual.common.api.problem.ProblemTypes;
import dev.eventual.scenarios.OrderClient.Attempt;

import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Checks what clients were told against what happened: per Idempotency-Key at most one order,
 * every answer either an order or a problem, nothing written behind a "broker unavailable", and
 * every key the clients gave up on resolved by one more retry with the same key.
 */
final class ClientOutcomes {

    private ClientOutcomes() {
    }

    /** @return how many attempts ended in each status, for the scenario's report */
    static Map<Integer, Long> verify(ChaosSuite chaos, List<Attempt> attempts, Set<Integer> allowedStatuses)
            throws SQLException {
        assertThat(attempts).as("attempts with an unexpected answer")
                .filteredOn(attempt -> !allowedStatuses.contains(attempt.status())).isEmpty();
        assertThat(attempts).as("refusals without a problem body")
                .filteredOn(attempt -> attempt.status() >= 400)
                .allSatisfy(attempt -> assertThat(attempt.contentType()).startsWith("application/problem+json"));

        Map<String, List<Attempt>> byKey = attempts.stream()
                .collect(Collectors.groupingBy(Attempt::idempotencyKey, LinkedHashMap::new, Collectors.toList()));
        List<Attempt> settled = new ArrayList<>();
        for (List<Attempt> tries : byKey.values()) {
            assertThat(tries.stream().filter(attempt -> attempt.status() == 201).count())
                    .as("orders created for key %s", tries.get(0).idempotencyKey()).isLessThanOrEqualTo(1);
            Attempt last = tries.get(tries.size() - 1);
            if (last.status() / 100 != 2) {
                // a client retries a 503 with the same key until it is answered: the last fault may still be
                // healing when the load stops (an order_db server counts as down for a while after it is back)
                Attempt unsettled = last;
                AtomicReference<Attempt> retried = new AtomicReference<>();
                await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofSeconds(1)).until(() -> {
                    retried.set(chaos.orders().place(unsettled.userId(), unsettled.skuId(), unsettled.quantity(),
                            unsettled.idempotencyKey(), Duration.ofSeconds(15)));
                    return retried.get().status() != 503;
                });
                last = retried.get();
                assertThat(last.status() / 100).as("a final retry of key %s", last.idempotencyKey()).isEqualTo(2);
                boolean nothingCouldHaveBeenWritten = tries.stream().allMatch(attempt ->
                        ProblemTypes.BROKER_UNAVAILABLE.toString().equals(attempt.problemType()));
                if (nothingCouldHaveBeenWritten) {
                    assertThat(last.status()).as("key %s was only ever refused for the broker", last.idempotencyKey())
                            .isEqualTo(201);
                }
                tries = new ArrayList<>(tries);
                tries.add(last);
            }
            assertThat(tries.stream().map(Attempt::orderId).filter(id -> id != null).distinct().count())
                    .as("order ids answered for key %s", last.idempotencyKey()).isEqualTo(1);
            settled.add(last);
        }
        Map<Long, String> stored = chaos.orderFacts(settled.stream().mapToLong(Attempt::userId).min().orElse(0),
                settled.stream().mapToLong(Attempt::userId).max().orElse(0));
        assertThat(settled).as("orders the clients were told about, as stored").allSatisfy(order ->
                assertThat(stored.get(order.orderId())).as("order %d of key %s", order.orderId(), order.idempotencyKey())
                        .isEqualTo(order.userId() + "/" + order.skuId() + "/" + order.quantity()));
        return new TreeMap<>(attempts.stream().collect(Collectors.groupingBy(Attempt::status, Collectors.counting())));
    }
}
