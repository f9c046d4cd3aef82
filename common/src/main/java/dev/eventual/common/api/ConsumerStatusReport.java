package dev.eventual.common.api;

import dev.eventual.common.messaging.OrderEventType;
import dev.eventual.common.status.ConsumeStatus;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;

/**
 * A consumer group's one outcome for an event of many orders, as the reconcile job's repair records it
 * (through order-core, in process).
 */
public record ConsumerStatusReport(
        @NotNull OrderEventType eventType,
        @NotBlank @Size(max = 64) String consumerGroup,
        @NotNull ConsumeStatus status,
        @Size(max = 512) String detail) {
}
