package dev.eventual.notice.delivery;

/**
 * One notice of a batch: what its delivery did, or the technical failure that stopped the batch at it
 * (then {@code result} is null).
 */
public record DeliveryAttempt(DeliveryResult result, RuntimeException failure) {

    static DeliveryAttempt done(DeliveryResult result) {
        return new DeliveryAttempt(result, null);
    }

    static DeliveryAttempt failed(RuntimeException failure) {
        return new DeliveryAttempt(null, failure);
    }
}
