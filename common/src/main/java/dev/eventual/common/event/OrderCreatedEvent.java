package dev.eventual.common.event;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

import java.time.Instant;

/**
 * Published once per committed order. Ids are 64-bit numbers; on the wire they are JSON strings.
 * Readers tolerate fields they do not know, on the broker and on the re-drive endpoints alike, so a
 * producer may add one and older consumers keep working ({@code schemaVersion} tells them apart).
 *
 * @param schemaVersion {@link OrderEvents#SCHEMA_VERSION} when written; readers accept older ones
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record OrderCreatedEvent(
        int schemaVersion,
        long orderId,
        long userId,
        long skuId,
        int quantity,
        Instant createdAt) {
}
