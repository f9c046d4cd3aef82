package dev.eventual.notice.config;

import dev.eventual.common.messaging.OrderEventType;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.stereotype.Component;

/** notice-service's meters; names are documented in docs/notice-service.md. */
@Component
public class NoticeMetrics {

    /** A poison message: acknowledged and dropped. */
    public static final String MALFORMED = "malformed";
    /** The channel refused the notice for good: recorded FAIL and acknowledged. */
    public static final String REFUSED = "refused";
    /** The channel could not be reached: the broker redelivers, a retry call answers 503. */
    public static final String CHANNEL_UNAVAILABLE = "channel_unavailable";
    /** notice_log could not be read or written: the broker redelivers, a retry call answers 503. */
    public static final String DATABASE = "database";

    private final MeterRegistry registry;
    private final Counter duplicates;

    public NoticeMetrics(MeterRegistry registry) {
        this.registry = registry;
        this.duplicates = Counter.builder("eventual.notice.duplicates")
                .description("deliveries and retries that sent nothing: the notice was already sent or being sent")
                .register(registry);
    }

    /** An order event handled and acknowledged (sent, already sent, or refused). */
    public void consumed(OrderEventType type) {
        registry.counter("eventual.notice.consumed", "type", type.name()).increment();
    }

    public void duplicate() {
        duplicates.increment();
    }

    /** reason: {@value #MALFORMED}, {@value #REFUSED}, {@value #CHANNEL_UNAVAILABLE} or {@value #DATABASE}. */
    public void failure(String reason) {
        registry.counter("eventual.notice.failures", "reason", reason).increment();
    }
}
