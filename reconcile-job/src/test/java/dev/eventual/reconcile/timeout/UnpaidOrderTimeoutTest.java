package dev.eventual.reconcile.timeout;

import dev.eventual.order.core.shard.OrderShards;
import dev.eventual.order.core.reconcile.UnpaidOrders;
import dev.eventual.order.core.reconcile.UnpaidOrders.Overdue;
import dev.eventual.reconcile.shard.ShardRange;
import feign.FeignException;
import feign.Request;
import feign.RetryableException;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The job's own rules around order-service's answers: what it counts, when it moves on and when it
 * stops. order-service's decisions are its own (PaymentTimeoutRaceIT, UnpaidOrderTimeoutIT); here its
 * answers are given.
 */
class UnpaidOrderTimeoutTest {

    private static final LocalDateTime OLD = LocalDateTime.of(2026, 1, 1, 0, 0);

    private final SimpleMeterRegistry meters = new SimpleMeterRegistry();
    private final Map<Long, Supplier<RuntimeException>> answers = new HashMap<>();
    private final List<String> calls = new ArrayList<>();
    private final List<Overdue> overdue = new ArrayList<>();

    @Test
    void eachOverdueOrderIsCanceledOnceWithTheTimeoutReasonAndOnlyIfStillCreated() {
        overdue(1, 2, 3, 4, 5);

        TimeoutResult result = timeout(2).run(ShardRange.of(0, 1));

        assertThat(result).isEqualTo(new TimeoutResult(5, 0, 0, false));
        assertThat(calls).containsExactly("1 payment-timeout CREATED", "2 payment-timeout CREATED",
                "3 payment-timeout CREATED", "4 payment-timeout CREATED", "5 payment-timeout CREATED");
        assertThat(count("canceled")).isEqualTo(5);
    }

    @Test
    void aConflictIsALostRaceAndTheRunMovesOn() {
        overdue(1, 2, 3);
        answers.put(2L, () -> status(409));

        TimeoutResult result = timeout(10).run(ShardRange.of(0, 1));

        assertThat(result).isEqualTo(new TimeoutResult(2, 1, 0, false));
        assertThat(count("lost_race")).isEqualTo(1);
        assertThat(count("failed")).isZero();
    }

    @Test
    void anOtherRefusalIsAFailureAndTheRunMovesOn() {
        overdue(1, 2, 3);
        answers.put(1L, () -> status(500));
        answers.put(2L, () -> status(404));

        TimeoutResult result = timeout(10).run(ShardRange.of(0, 1));

        assertThat(result).isEqualTo(new TimeoutResult(1, 0, 2, false));
        assertThat(count("failed")).isEqualTo(2);
    }

    @Test
    void anUnreachableOrderServiceStopsTheRun() {
        overdue(1, 2, 3, 4);
        answers.put(2L, () -> new RetryableException(-1, "connect timed out", Request.HttpMethod.POST, (Long) null,
                request()));

        TimeoutResult result = timeout(10).run(ShardRange.of(0, 1));

        assertThat(result).isEqualTo(new TimeoutResult(1, 0, 1, true));
        assertThat(calls).hasSize(2);

        calls.clear();
        answers.put(2L, () -> status(503));
        assertThat(timeout(10).run(ShardRange.of(0, 1)).stopped()).isTrue();
        assertThat(calls).hasSize(2);
    }

    @Test
    void disabledItReadsAndCancelsNothing() {
        overdue(1);
        UnpaidOrders failing = (server, seconds, from, to, after, limit) -> {
            throw new AssertionError("no scan when disabled");
        };
        UnpaidOrderTimeout disabled = new UnpaidOrderTimeout(new OrderShards(1), failing, this::cancel,
                new UnpaidTimeoutProperties(false, Duration.ofMinutes(30), 10, Duration.ofSeconds(15)),
                new UnpaidTimeoutMetrics(meters));

        assertThat(disabled.run(ShardRange.of(0, 1))).isEqualTo(new TimeoutResult(0, 0, 0, false));
        assertThat(calls).isEmpty();
    }

    private UnpaidOrderTimeout timeout(int pageSize) {
        // keyset paging over the list, in the scan's order: after the given (created_at, order_id)
        UnpaidOrders scan = (server, seconds, from, to, after, limit) -> {
            assertThat(seconds).isEqualTo(1800);
            return overdue.stream().filter(o -> o.orderId() > after.orderId()).limit(limit).toList();
        };
        return new UnpaidOrderTimeout(new OrderShards(1), scan, this::cancel,
                new UnpaidTimeoutProperties(true, Duration.ofMinutes(30), pageSize, Duration.ofSeconds(15)),
                new UnpaidTimeoutMetrics(meters));
    }

    private void cancel(String orderId, UnpaidOrderCancelClient.CancelRequest request) {
        calls.add(orderId + " " + request.reason() + " " + request.expectedStatus());
        Supplier<RuntimeException> answer = answers.get(Long.parseLong(orderId));
        if (answer != null) {
            throw answer.get();
        }
    }

    private void overdue(long... orderIds) {
        for (long id : orderIds) {
            overdue.add(new Overdue(id, OLD));
        }
    }

    private double count(String outcome) {
        return meters.counter("eventual.reconcile.unpaid.orders", "outcome", outcome).count();
    }

    private static FeignException status(int status) {
        return FeignException.errorStatus("UnpaidOrderCancelClient#cancel", feign.Response.builder().status(status)
                .reason("answer").request(request()).body("{}", StandardCharsets.UTF_8).build());
    }

    private static Request request() {
        return Request.create(Request.HttpMethod.POST, "/api/orders/1/cancel", Map.of(), null, StandardCharsets.UTF_8, null);
    }
}
