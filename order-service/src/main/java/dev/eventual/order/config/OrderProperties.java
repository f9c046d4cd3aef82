package dev.eventual.order.config;

import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

import java.time.Duration;

/**
 * {@code eventual.order.*}.
 *
 * @param workerId        snowflake worker id, unique per running instance (0-1023)
 * @param reconcileDelay  how long after creation an event first becomes due for reconciliation;
 *                        long enough that the normal path (delivery + both reports) has finished
 */
@Validated
@ConfigurationProperties("eventual.order")
public record OrderProperties(
        @DefaultValue("0") @Min(0) @Max(1023) int workerId,
        @DefaultValue("60s") Duration reconcileDelay) {
}
