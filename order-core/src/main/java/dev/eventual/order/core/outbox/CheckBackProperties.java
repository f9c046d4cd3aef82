package dev.eventual.order.core.outbox;

import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

import java.time.Duration;

/**
 * {@code eventual.order.check-back.*}: how the broker's transaction check-backs are answered.
 *
 * @param threads       check-backs answered side by side, and the size of their own connection pool
 *                      (apart from the request pool, so a request storm cannot starve them)
 * @param queueCapacity check-back requests waiting for a thread; beyond it a request is dropped and the
 *                      broker asks again at its next check
 * @param lockWait      how long one check-back waits for a local transaction still in flight before it
 *                      answers UNKNOWN (the broker asks again); whole seconds, as InnoDB counts them
 */
@Validated
@ConfigurationProperties("eventual.order.check-back")
record CheckBackProperties(
        @DefaultValue("8") @Min(1) @Max(64) int threads,
        @DefaultValue("2000") @Min(1) int queueCapacity,
        @DefaultValue("2s") Duration lockWait) {

    public CheckBackProperties {
        if (lockWait.toMillis() < 1000 || lockWait.toMillis() % 1000 != 0 || lockWait.toSeconds() > 3600) {
            throw new IllegalArgumentException("eventual.order.check-back.lock-wait must be whole seconds from 1s to 3600s, was "
                    + lockWait);
        }
    }
}
