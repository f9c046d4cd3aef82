package dev.eventual.common.api;

import dev.eventual.common.messaging.OrderEventType;
import dev.eventual.common.status.ConsumeStatus;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;

/** A consumer group's outcome for one event of one order, reported to order-service. */
public record ConsumerStatusReport(
        @NotNull OrderEventType eventType,
        @NotBlank @Size(max = 64) String consumerGroup,
        @NotNull ConsumeStatus status,
        @Size(max = 512) String detail) {
}
