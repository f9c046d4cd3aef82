package dev.eventual.reconcile.gate;

import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

import java.time.Duration;

/**
 * {@code eventual.reconcile.gate.*}: the stock gate's repair (docs/stock-gate.md). It runs only where
 * {@code eventual.gate.enabled} is true, with the same {@code eventual.gate.skus} as order- and
 * inventory-service.
 *
 * @param grace              a reservation this old with no order in order_db is given back: its order-service
 *                           died between the gate and the commit. Far longer than any local transaction and
 *                           broker send (seconds), so an order still being placed is never taken for dead
 * @param pageSize           in-flight orders read per statement by the rebuild
 * @param standaloneInterval how often the built-in scheduler runs the repair when no XXL-Job admin is configured
 */
@Validated
@ConfigurationProperties("eventual.reconcile.gate")
public record GateRepairProperties(
        @DefaultValue("5m") Duration grace,
        @DefaultValue("500") @Min(1) @Max(5000) int pageSize,
        @DefaultValue("30s") Duration standaloneInterval) {

    public GateRepairProperties {
        if (grace.compareTo(Duration.ofSeconds(1)) < 0) {
            throw new IllegalArgumentException("eventual.reconcile.gate.grace must be at least 1s, was " + grace);
        }
    }
}
