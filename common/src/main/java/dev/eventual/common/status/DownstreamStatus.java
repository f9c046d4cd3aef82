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
    RELEASED
}
