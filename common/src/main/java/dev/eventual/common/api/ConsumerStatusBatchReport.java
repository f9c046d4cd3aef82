package dev.eventual.common.api;

import com.fasterxml.jackson.annotation.JsonIgnore;
import dev.eventual.common.messaging.OrderEventType;
import dev.eventual.common.status.ConsumeStatus;
import jakarta.validation.constraints.AssertTrue;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;

import java.util.List;

/**
 * One consumer group's outcome for the same event of up to {@link #MAX_ORDER_IDS} orders, reported
 * to order-service in one call (the reconcile job records whole pages this way).
 *
 * @param traceparents optional: each order's trace, by position (docs/tracing.md), which its report
 *                     continues; an entry may be null, the list may be absent, but it never has another length
 */
public record ConsumerStatusBatchReport(
        @NotNull OrderEventType eventType,
        @NotBlank @Size(max = 64) String consumerGroup,
        @NotNull ConsumeStatus status,
        @Size(max = 512) String detail,
        @NotEmpty @Size(max = MAX_ORDER_IDS) List<@Pattern(regexp = IdForm.PATTERN, message = IdForm.RULE) String> orderIds,
        List<@Pattern(regexp = TraceContextForm.PATTERN, message = TraceContextForm.RULE) String> traceparents) {

    public static final int MAX_ORDER_IDS = 500;

    /** A validation rule, not a field: never written to JSON, so a strict reader sees no unknown property. */
    @JsonIgnore
    @AssertTrue(message = "traceparents must have one entry per order id when present")
    public boolean isTraceparentsOnePerOrder() {
        return traceparents == null || orderIds == null || traceparents.size() == orderIds.size();
    }

    /** The trace of the {@code i}th order; null when it came without one. */
    public String traceparentOf(int i) {
        return traceparents == null ? null : traceparents.get(i);
    }
}
