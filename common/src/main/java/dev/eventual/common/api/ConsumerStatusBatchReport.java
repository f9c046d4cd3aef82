package dev.eventual.common.api;

import dev.eventual.common.messaging.OrderEventType;
import dev.eventual.common.status.ConsumeStatus;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;

import java.util.List;

/**
 * One consumer group's outcome for the same event of up to {@link #MAX_ORDER_IDS} orders, reported
 * to order-service in one call (the reconcile job records whole pages this way).
 */
public record ConsumerStatusBatchReport(
        @NotNull OrderEventType eventType,
        @NotBlank @Size(max = 64) String consumerGroup,
        @NotNull ConsumeStatus status,
        @Size(max = 512) String detail,
        @NotEmpty @Size(max = MAX_ORDER_IDS) List<@Pattern(regexp = IdForm.PATTERN, message = IdForm.RULE) String> orderIds) {

    public static final int MAX_ORDER_IDS = 500;
}
