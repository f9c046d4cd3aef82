package dev.eventual.order.core.outbox;

/**
 * How a publication ended when it did not surely fail: the event and its writes committed together,
 * or the commit did not answer and the broker's check-back settles it (docs/check-back.md). Surely
 * not committed is {@link NotPublishedException}; the work's own refusal is the exception it threw.
 */
public enum Publication {
    COMMITTED,
    UNKNOWN
}
