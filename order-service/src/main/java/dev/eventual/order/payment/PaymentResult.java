package dev.eventual.order.payment;

/** What one payment confirmation came to; the tag of {@code eventual.orders.payments}. */
public enum PaymentResult {
    /** CREATED → PAID by this confirmation. */
    PAID,
    /** The order was already PAID with this payment id: answered as before, nothing written. */
    REPEATED,
    /** Refused: the order is PAID with another payment id, or the payment id paid another order. */
    OTHER_PAYMENT,
    /** Refused: the order is CANCELED (by a buyer, an operator or the unpaid timeout). */
    CANCELED,
    /** Refused: no such order. */
    NOT_FOUND;

    String tag() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
