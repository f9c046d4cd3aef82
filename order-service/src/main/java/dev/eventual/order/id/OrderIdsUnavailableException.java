package dev.eventual.order.id;

/** No order id can be issued right now (no valid worker id lease): the request is refused before anything is written. */
public class OrderIdsUnavailableException extends RuntimeException {

    OrderIdsUnavailableException(String reason) {
        super("no order id can be issued: " + reason + "; the order was not placed (nothing was written), retry later");
    }
}
