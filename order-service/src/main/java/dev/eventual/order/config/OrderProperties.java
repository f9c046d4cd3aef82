package dev.eventual.order.config;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

import java.time.Duration;

/**
 * {@code eventual.order.*}; the worker id settings are {@code id.WorkerIdProperties}.
 *
 * @param reconcileDelay  how long after creation an event first becomes due for reconciliation;
 *                        long enough that the normal path (delivery + both reports) has finished
 */
@Validated
@ConfigurationProperties("eventual.order")
public record OrderProperties(
        @DefaultValue("60s") Duration reconcileDelay) {
}
