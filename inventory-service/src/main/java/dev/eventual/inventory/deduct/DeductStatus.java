package dev.eventual.inventory.deduct;

import dev.eventual.common.status.DownstreamStatus;

/** {@code inventory_deduct_log.status}; see docs/state-machines.md. */
public enum DeductStatus {
    /** Stock was deducted for the order. */
    SUCCESS,
    /** Not enough stock, or an unknown SKU; nothing was deducted. */
    FAIL,
    /** The deduction was given back after a cancel. */
    RELEASED,
    /** A cancel came first (or after a FAIL): this order never deducts. */
    FENCED,
    /**
     * An event of an order born beyond the retention found no record (docs/retention.md): the record may have
     * been cleaned, so nothing was applied, now or on any later delivery; a person decides (a work order).
     */
    REFUSED;

    public DownstreamStatus asDownstream() {
        return switch (this) {
            case SUCCESS -> DownstreamStatus.SUCCESS;
            case FAIL -> DownstreamStatus.FAIL;
            case RELEASED, FENCED -> DownstreamStatus.RELEASED;
            case REFUSED -> DownstreamStatus.REFUSED;
        };
    }
}
