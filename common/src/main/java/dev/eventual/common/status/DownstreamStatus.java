package dev.eventual.common.status;

/** A downstream service's view of one order, as answered by its batch status API. */
public enum DownstreamStatus {
    /** The effect is applied (stock deducted, notice sent). */
    SUCCESS,
    /** A business failure was recorded (not enough stock, unknown SKU, undeliverable notice). */
    FAIL,
    /** Started, outcome not yet recorded. */
    PROCESSING,
    /** The service has never seen the order: the event was lost or is still in flight. */
    NOT_FOUND,
    /** The effect was compensated (stock released) or fenced (cancel seen before create). */
    RELEASED,
    /**
     * The event came after its consumer's retention (docs/retention.md): its record may have been cleaned, so
     * it was not applied, and only a person can say whether it should be. Reconciliation opens a work order.
     */
    REFUSED
}
