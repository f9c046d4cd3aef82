package dev.eventual.inventory.config;

import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * {@code eventual.inventory.*}.
 *
 * @param maxReconsumeTimes how often the broker redelivers an event whose handling failed for a
 *                          technical reason (database down) before it goes to the dead-letter queue
 *                          {@code %DLQ%eventual-inventory-consumer}; business failures are never redelivered
 */
@Validated
@ConfigurationProperties("eventual.inventory")
public record InventoryProperties(@DefaultValue("16") @Min(0) @Max(32) int maxReconsumeTimes) {
}
