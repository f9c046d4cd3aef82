package dev.eventual.order.cancel;

/** The order is in a state that cannot be canceled, or changed while it was being canceled. */
public class OrderNotCancelableException extends RuntimeException {

    OrderNotCancelableException(String detail) {
        super(detail);
    }
}
