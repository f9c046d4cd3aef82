package dev.eventual.reconcile.workorder;

/** CANCEL_ORDER could not reach order-service: the order was not canceled and the work order stays open. */
public class OrderNotCanceledException extends RuntimeException {

    OrderNotCanceledException(Throwable cause) {
        super("the order was not canceled; the work order stays open", cause);
    }
}
