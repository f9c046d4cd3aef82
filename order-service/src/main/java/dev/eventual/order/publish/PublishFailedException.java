package dev.eventual.order.publish;

/** A publish attempt did not commit, for {@link #failure()}; the message says what did not happen and what to do. */
public class PublishFailedException extends RuntimeException {

    private final PublishFailure failure;

    /** @param what what did not happen, e.g. "the order was not placed"; advice what the client should do next */
    public PublishFailedException(PublishFailure failure, String what, String advice) {
        super(what + ": " + failure.cause() + "; " + advice);
        this.failure = failure;
    }

    public PublishFailure failure() {
        return failure;
    }
}
