package dev.eventual.common.event;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

import java.time.Instant;

/**
 * Published when an order is canceled; carries what a consumer needs to compensate without
 * having seen the created event (sku and quantity to release, or to fence a late create). Readers
 * tolerate unknown fields, like those of {@link OrderCreatedEvent}.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record OrderCanceledEvent(
        int schemaVersion,
        long orderId,
        long userId,
        long skuId,
        int quantity,
        String reason,
        Instant canceledAt) {
}
