package dev.eventual.order.placement;

/** The user's Idempotency-Key already placed a different order: replaying it would answer the wrong one. */
public class IdempotencyKeyReusedException extends RuntimeException {

    IdempotencyKeyReusedException(long userId, long firstOrderId) {
        super("Idempotency-Key was already used by user " + userId + " for a different order (" + firstOrderId + ")");
    }
}
