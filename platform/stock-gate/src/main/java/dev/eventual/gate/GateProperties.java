package dev.eventual.gate;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Positive;
import org.springframework.validation.annotation.Validated;

import java.time.Duration;
import java.util.Set;

/**
 * {@code eventual.gate.*}: the flash-sale stock gate (docs/stock-gate.md), the same in order-service,
 * which reserves, and inventory-service, which tells the gate what it applied, released and re-stocked.
 *
 * @param enabled          off by default: every order takes today's path, and nothing talks to Redis
 * @param skus             the gated SKUs; empty gates every SKU
 * @param whenUnavailable  order-service: what a gated order gets while Redis cannot answer (or has no count for the
 *                         SKU before its catalog is seeded): REFUSE answers 503, BYPASS takes today's path
 *                         (inventory may then fail the order, and the count is no longer the stock minus
 *                         what is in flight until it is seeded again). Once the catalog is seeded, a SKU
 *                         without a count is unknown and refused in both modes
 * @param admissions       how much the gate remembers of the buyers it admitted per SKU (docs/stock-gate.md,
 *                         "A refusal without SQL")
 */
@Validated
@ConfigurationProperties("eventual.gate")
public record GateProperties(
        @DefaultValue("false") boolean enabled,
        @DefaultValue Set<Long> skus,
        @DefaultValue("REFUSE") WhenUnavailable whenUnavailable,
        @DefaultValue @Valid Admissions admissions) {

    public boolean gates(long sku) {
        return enabled && (skus.isEmpty() || skus.contains(sku));
    }

    /**
     * The buyers a SKU's gate remembers: forgetting them is always safe (its sold-out refusals are then looked up in
     * order_db, one read each), so they are bounded.
     *
     * @param limit  buyers remembered per SKU; at the limit the gate forgets them all (about 50 bytes each)
     * @param memory they are forgotten this long after the SKU's last admission
     */
    public record Admissions(@DefaultValue("100000") @Positive int limit, @DefaultValue("7d") Duration memory) {

        /** The defaults, for a client that only reads the gate (the invariant checker). */
        public static final Admissions DEFAULTS = new Admissions(100_000, Duration.ofDays(7));
    }

    /** What a gated order gets while the gate cannot answer. */
    public enum WhenUnavailable {
        REFUSE,
        BYPASS
    }
}
