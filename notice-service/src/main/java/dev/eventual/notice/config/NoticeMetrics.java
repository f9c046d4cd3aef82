package dev.eventual.notice.config;

import dev.eventual.common.messaging.OrderEventType;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.stereotype.Component;

import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;

/**
 * notice-service's meters; names are documented in docs/notice-service.md. Every series is registered at
 * start, at 0: the dashboard's rate() needs a sample before the first event, or it misses the burst that
 * creates the series.
 */
@Component
public class NoticeMetrics {

    /** Why a notice was not sent: the {@code reason} of {@code eventual.notice.failures}. */
    public enum Failure {
        /** A poison message: acknowledged and dropped. */
        MALFORMED,
        /** The channel refused the notice for good: recorded FAIL and acknowledged. */
        REFUSED,
        /** The channel could not be reached: the broker redelivers, a retry call answers 503. */
        CHANNEL_UNAVAILABLE,
        /** notice_log could not be read or written: the broker redelivers, a retry call answers 503. */
        DATABASE;

        public String tag() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    private final Map<OrderEventType, Counter> consumed = new EnumMap<>(OrderEventType.class);
    private final Map<Failure, Counter> failures = new EnumMap<>(Failure.class);
    private final Map<OrderEventType, Counter> refused = new EnumMap<>(OrderEventType.class);
    private final Counter duplicates;

    public NoticeMetrics(MeterRegistry registry) {
        for (OrderEventType type : OrderEventType.values()) {
            consumed.put(type, registry.counter("eventual.notice.consumed", "type", type.name()));
        }
        for (Failure reason : Failure.values()) {
            failures.put(reason, registry.counter("eventual.notice.failures", "reason", reason.tag()));
        }
        for (OrderEventType type : OrderEventType.values()) {
            refused.put(type, Counter.builder("eventual.notice.refused").tag("type", type.name())
                    .description("deliveries and retries of notices whose event came after the retention with no record:"
                            + " recorded REFUSED, nothing sent; each is a work order (docs/retention.md)")
                    .register(registry));
        }
        this.duplicates = Counter.builder("eventual.notice.duplicates")
                .description("deliveries and retries that sent nothing: the notice was already sent or being sent")
                .register(registry);
    }

    /** An order event handled and acknowledged (sent, already sent, refused by the channel or for being too late). */
    public void consumed(OrderEventType type) {
        consumed.get(type).increment();
    }

    public void duplicate() {
        duplicates.increment();
    }

    /** A notice refused because its event came after the retention (written REFUSED, or found so). */
    public void tooLate(OrderEventType type) {
        refused.get(type).increment();
    }

    public void failure(Failure reason) {
        failures.get(reason).increment();
    }
}
