package dev.eventual.consumer.receive;

/**
 * Thrown by {@link OrderEventBatchHandler#handleAll} that works event by event: the first
 * {@code applied} events are done, the one after them failed with {@code getCause()}.
 */
public class PartialBatchFailure extends RuntimeException {

    private final int applied;

    public PartialBatchFailure(int applied, RuntimeException cause) {
        super(cause.getMessage(), cause);
        this.applied = applied;
    }

    public int applied() {
        return applied;
    }

    @Override
    public synchronized RuntimeException getCause() {
        return (RuntimeException) super.getCause();
    }
}
