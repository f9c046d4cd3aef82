package dev.eventual.reconcile.retention;

import dev.eventual.common.api.CleanupRequest;
import dev.eventual.common.api.CleanupResult;
import dev.eventual.reconcile.downstream.InventoryCleanupClient;
import dev.eventual.reconcile.downstream.NoticeCleanupClient;
import feign.FeignException;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.stereotype.Component;

import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * Asks inventory-service and notice-service to clean their dedup records (inventory_deduct_log, notice_log;
 * docs/retention.md), each call carrying reconciliation's re-drive horizon: a consumer refuses (409, nothing deleted)
 * while its retention does not outlive it. A consumer that cannot be asked, or refuses, is logged and counted in
 * {@code eventual.reconcile.retention.cleanups{service, outcome}} (outcome {@code done}, {@code refused},
 * {@code failed}), and the other one is still asked: nothing is thrown, the next run asks again.
 */
@Component
class ConsumerCleanups {

    static final String INVENTORY = "inventory-service";
    static final String NOTICE = "notice-service";
    private static final Logger log = LoggerFactory.getLogger(ConsumerCleanups.class);

    enum Outcome {
        DONE, REFUSED, FAILED;

        String tag() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /**
     * What one consumer's cleanup came to.
     *
     * @param result its answer when {@link Outcome#DONE}, else null
     * @param reason why not, else null
     */
    record Call(String service, Outcome outcome, CleanupResult result, String reason) {

        String summary() {
            return switch (outcome) {
                case DONE -> service + " removed " + result.removed() + " from " + result.table()
                        + (result.caughtUp() ? "" : " (not caught up)");
                case REFUSED -> service + " refused";
                case FAILED -> service + " not reached";
            };
        }
    }

    private final Map<String, Function<CleanupRequest, CleanupResult>> consumers;
    private final Map<String, Map<Outcome, Counter>> counted = new HashMap<>();

    @Autowired
    ConsumerCleanups(InventoryCleanupClient inventory, NoticeCleanupClient notice, MeterRegistry meters) {
        this(inOrder(INVENTORY, inventory::cleanup, NOTICE, notice::cleanup), meters);
    }

    /** @param consumers each consumer's cleanup call by service name, asked in this map's order */
    ConsumerCleanups(Map<String, Function<CleanupRequest, CleanupResult>> consumers, MeterRegistry meters) {
        this.consumers = consumers;
        // every service with every outcome from the start: increase() needs a sample before the first
        consumers.keySet().forEach(service -> {
            Map<Outcome, Counter> byOutcome = new EnumMap<>(Outcome.class);
            for (Outcome outcome : Outcome.values()) {
                byOutcome.put(outcome, meters.counter("eventual.reconcile.retention.cleanups", "service", service,
                        "outcome", outcome.tag()));
            }
            counted.put(service, byOutcome);
        });
    }

    /** @param horizon reconciliation's re-drive horizon, sent in whole seconds (rounded up) */
    List<Call> cleanup(Duration horizon) {
        CleanupRequest request = new CleanupRequest((horizon.toMillis() + 999) / 1000);
        List<Call> calls = new ArrayList<>();
        consumers.forEach((service, cleanup) -> {
            Call call = call(service, cleanup, request);
            counted.get(service).get(call.outcome()).increment();
            calls.add(call);
        });
        return calls;
    }

    private static Call call(String service, Function<CleanupRequest, CleanupResult> cleanup, CleanupRequest request) {
        try {
            CleanupResult result = cleanup.apply(request);
            log.info("Retention: {} cleaned {}: {} removed, {}, oldest left {}, keeps {}", service, result.table(),
                    result.removed(), result.caughtUp() ? "caught up" : "not caught up (its budget ran out)",
                    result.oldestAgeSeconds() == null ? "none" : Duration.ofSeconds(result.oldestAgeSeconds()),
                    Duration.ofSeconds(result.keepSeconds()));
            return new Call(service, Outcome.DONE, result, null);
        } catch (FeignException.Conflict e) {
            // the problem names the floor the consumer's keep falls short of (docs/retention.md)
            log.warn("Retention: {} refused its cleanup (409), nothing deleted: its retention does not outlive its"
                    + " floor with reconciliation's re-drive horizon of {} s. Lengthen its"
                    + " eventual.consumer.retention.keep, or shorten reconcile's back-off: {}", service,
                    request.upstreamHorizonSeconds(), e.contentUTF8());
            return new Call(service, Outcome.REFUSED, null, e.contentUTF8());
        } catch (RuntimeException e) {
            log.warn("Retention: {} could not be asked to clean its records, the next run asks again: {}", service,
                    e.toString());
            return new Call(service, Outcome.FAILED, null, e.toString());
        }
    }

    private static Map<String, Function<CleanupRequest, CleanupResult>> inOrder(
            String first, Function<CleanupRequest, CleanupResult> firstCleanup,
            String second, Function<CleanupRequest, CleanupResult> secondCleanup) {
        Map<String, Function<CleanupRequest, CleanupResult>> consumers = new LinkedHashMap<>();
        consumers.put(first, firstCleanup);
        consumers.put(second, secondCleanup);
        return consumers;
    }
}
