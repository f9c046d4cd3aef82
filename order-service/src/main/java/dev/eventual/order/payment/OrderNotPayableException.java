package dev.eventual.order.payment;

/** The order cannot take this payment: it is canceled, or paid by another payment. */
public class OrderNotPayableException extends RuntimeException {

    OrderNotPayableException(String detail) {
        super(detail);
    }
}
