package dev.eventual.reconcile.retention;

import dev.eventual.common.api.CleanupRequest;
import dev.eventual.common.api.CleanupResult;
import feign.FeignException;
import feign.Request;
import feign.RetryableException;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The job's own rules around the consumers' cleanup answers: what it sends, what it counts, and that one consumer
 * down or refusing neither throws nor keeps the other from being asked. The consumers' decisions are their own
 * (their cleanup tests); here their answers are given.
 */
class ConsumerCleanupsTest {

    private final SimpleMeterRegistry meters = new SimpleMeterRegistry();
    private final List<String> calls = new ArrayList<>();
    private final Map<String, Function<CleanupRequest, CleanupResult>> consumers = new LinkedHashMap<>();

    @Test
    void bothConsumersAreAskedWithTheHorizonInWholeSecondsRoundedUp() {
        consumers.put(ConsumerCleanups.INVENTORY, answering("inventory_deduct_log", 1_234));
        consumers.put(ConsumerCleanups.NOTICE, answering("notice_log", 0));

        List<ConsumerCleanups.Call> done = cleanups().cleanup(Duration.ofHours(2).plusMillis(1));

        assertThat(calls).containsExactly("inventory-service 7201", "notice-service 7201");
        assertThat(done).extracting(ConsumerCleanups.Call::outcome).containsOnly(ConsumerCleanups.Outcome.DONE);
        assertThat(done).extracting(ConsumerCleanups.Call::summary)
                .containsExactly("inventory-service removed 1234 from inventory_deduct_log", "notice-service removed 0 from notice_log");
        assertThat(count(ConsumerCleanups.INVENTORY, "done")).isEqualTo(1);
        assertThat(count(ConsumerCleanups.NOTICE, "done")).isEqualTo(1);
    }

    @Test
    void aRefusalIsCountedAsRefusedWithTheConsumersReasonAndTheOtherIsStillAsked() {
        consumers.put(ConsumerCleanups.INVENTORY, request -> {
            calls.add("inventory-service");
            throw status(409, "{\"detail\":\"keep PT720H is shorter than the floor PT744H\"}");
        });
        consumers.put(ConsumerCleanups.NOTICE, answering("notice_log", 3));

        List<ConsumerCleanups.Call> done = cleanups().cleanup(Duration.ofHours(2));

        assertThat(calls).containsExactly("inventory-service", "notice-service 7200");
        assertThat(done.get(0).outcome()).isEqualTo(ConsumerCleanups.Outcome.REFUSED);
        assertThat(done.get(0).reason()).contains("shorter than the floor");
        assertThat(done.get(1).outcome()).isEqualTo(ConsumerCleanups.Outcome.DONE);
        assertThat(count(ConsumerCleanups.INVENTORY, "refused")).isEqualTo(1);
        assertThat(count(ConsumerCleanups.INVENTORY, "done")).isZero();
        assertThat(count(ConsumerCleanups.NOTICE, "done")).isEqualTo(1);
    }

    @Test
    void aConsumerThatIsDownOrFailsIsCountedAsFailedAndNothingIsThrown() {
        consumers.put(ConsumerCleanups.INVENTORY, request -> {
            throw new RetryableException(-1, "Connection refused", Request.HttpMethod.POST, (Long) null, request());
        });
        consumers.put(ConsumerCleanups.NOTICE, request -> {
            throw status(503, "{}");
        });

        List<ConsumerCleanups.Call> done = cleanups().cleanup(Duration.ofHours(2));

        assertThat(done).extracting(ConsumerCleanups.Call::outcome).containsOnly(ConsumerCleanups.Outcome.FAILED);
        assertThat(done).extracting(ConsumerCleanups.Call::summary)
                .containsExactly("inventory-service not reached", "notice-service not reached");
        assertThat(count(ConsumerCleanups.INVENTORY, "failed")).isEqualTo(1);
        assertThat(count(ConsumerCleanups.NOTICE, "failed")).isEqualTo(1);
    }

    @Test
    void everyServiceHasEveryOutcomeCountedFromTheStart() {
        consumers.put(ConsumerCleanups.INVENTORY, answering("inventory_deduct_log", 0));
        consumers.put(ConsumerCleanups.NOTICE, answering("notice_log", 0));

        cleanups();

        assertThat(meters.find("eventual.reconcile.retention.cleanups").counters()).hasSize(6)
                .allSatisfy(counter -> assertThat(counter.count()).isZero());
    }

    private ConsumerCleanups cleanups() {
        return new ConsumerCleanups(consumers, meters);
    }

    private Function<CleanupRequest, CleanupResult> answering(String table, long removed) {
        return request -> {
            calls.add((table.startsWith("inventory") ? ConsumerCleanups.INVENTORY : ConsumerCleanups.NOTICE) + " "
                    + request.upstreamHorizonSeconds());
            return new CleanupResult(table, removed, true, 60L, Duration.ofDays(30).toSeconds());
        };
    }

    private double count(String service, String outcome) {
        return meters.counter("eventual.reconcile.retention.cleanups", "service", service, "outcome", outcome).count();
    }

    private static FeignException status(int status, String body) {
        return FeignException.errorStatus("InventoryCleanupClient#cleanup", feign.Response.builder().status(status)
                .reason("answer").request(request()).body(body, StandardCharsets.UTF_8).build());
    }

    private static Request request() {
        return Request.create(Request.HttpMethod.POST, "/internal/inventory/cleanup", Map.of(), null,
                StandardCharsets.UTF_8, null);
    }
}
