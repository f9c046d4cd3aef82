package dev.eventual.order.core.outbox;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

import java.time.Duration;

/**
 * {@code eventual.order.*} as the outbox reads it (order-service binds the worker id settings under the same prefix).
 *
 * @param reconcileDelay  how long after creation an event first becomes due for reconciliation;
 *                        long enough that the normal path (delivery + both reports) has finished
 */
@Validated
@ConfigurationProperties("eventual.order")
record OutboxProperties(
        @DefaultValue("60s") Duration reconcileDelay) {
}
