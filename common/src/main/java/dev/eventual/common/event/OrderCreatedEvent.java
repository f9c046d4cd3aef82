package dev.eventual.common.event;

import java.time.Instant;

/**
 * Published once per committed order. Ids are 64-bit numbers; on the wire they are JSON strings.
 *
 * @param schemaVersion {@link OrderEvents#SCHEMA_VERSION} when written; readers accept older ones
 */
public record OrderCreatedEvent(
        int schemaVersion,
        long orderId,
        long userId,
        long skuId,
        int quantity,
        Instant createdAt) {
}
