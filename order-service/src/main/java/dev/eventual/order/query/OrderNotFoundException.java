package dev.eventual.order.query;

/** The order does not exist (or not yet: its local transaction has not committed). */
public class OrderNotFoundException extends RuntimeException {

    public OrderNotFoundException(long orderId) {
        super("order " + orderId + " does not exist");
    }
}
