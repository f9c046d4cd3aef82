package dev.eventual.common.event;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

import java.time.Instant;

/**
 * Published when an order is canceled; carries what a consumer needs to compensate without
 * having seen the created event (sku and quantity to release, or to fence a late create). Readers
 * tolerate unknown fields, like those of {@link OrderCreatedEvent}.
 *
 * @param orderCreatedAt when the canceled order was created (schema version 2): inventory's record of an order
 *                       spans both its events, so a late cancel is judged by the order's age, not the cancel's
 *                       (docs/retention.md); null in events written before version 2
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record OrderCanceledEvent(
        int schemaVersion,
        long orderId,
        long userId,
        long skuId,
        int quantity,
        String reason,
        Instant canceledAt,
        Instant orderCreatedAt) {
}
