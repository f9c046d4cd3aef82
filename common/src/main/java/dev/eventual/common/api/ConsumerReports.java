package dev.eventual.common.api;

import dev.eventual.common.messaging.OrderEventType;
import dev.eventual.common.status.ConsumeStatus;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;

import java.util.List;

/**
 * What one consumer group did with many events, each with its own outcome, in one call: how a
 * consumer's coalesced reports travel. At most one report per (order, event type).
 */
public record ConsumerReports(
        @NotBlank @Size(max = 64) String consumerGroup,
        @NotEmpty @Size(max = MAX_REPORTS) List<@NotNull @Valid Report> reports) {

    public static final int MAX_REPORTS = 500;

    /**
     * One event's outcome, as {@link ConsumerStatusReport} says it for a single order.
     *
     * @param traceparent the order's trace, which the report continues; optional
     */
    public record Report(
            @NotNull @Pattern(regexp = IdForm.PATTERN, message = IdForm.RULE) String orderId,
            @NotNull OrderEventType eventType,
            @NotNull ConsumeStatus status,
            @Size(max = 512) String detail,
            @Pattern(regexp = TraceContextForm.PATTERN, message = TraceContextForm.RULE) String traceparent) {
    }
}
