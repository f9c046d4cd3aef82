package dev.eventual.reconcile.timeout;

import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

import java.time.Duration;

/**
 * {@code eventual.reconcile.unpaid.*}: the unpaid-order timeout (docs/reconcile-job.md).
 *
 * @param enabled            false: no order is ever canceled for want of payment
 * @param timeout            an order still CREATED this long after it was created (database clock) is canceled
 *                           with reason {@code payment-timeout}
 * @param pageSize           overdue orders read per statement; each is then canceled by its own call
 * @param standaloneInterval how often the built-in scheduler runs the scan when no XXL-Job admin is configured
 */
@Validated
@ConfigurationProperties("eventual.reconcile.unpaid")
public record UnpaidTimeoutProperties(
        @DefaultValue("true") boolean enabled,
        @DefaultValue("30m") Duration timeout,
        @DefaultValue("200") @Min(1) @Max(1000) int pageSize,
        @DefaultValue("15s") Duration standaloneInterval) {

    public UnpaidTimeoutProperties {
        if (timeout.compareTo(Duration.ofSeconds(1)) < 0) {
            throw new IllegalArgumentException("eventual.reconcile.unpaid.timeout must be at least 1s, was " + timeout);
        }
    }
}
