package dev.eventual.consumer.receive;

import java.util.List;

/** A service's own handling of the order events its consumer group receives. */
public interface OrderEventBatchHandler {

    /**
     * Applies the events, in one local transaction where the service can. A {@link RuntimeException}
     * means none of them is known to be applied: each is then handed to {@link #handle} alone.
     *
     * @throws PartialBatchFailure when the first {@code applied} events are done and the next one failed
     */
    void handleAll(List<ReceivedEvent> events);

    /** Applies one event; a {@link RuntimeException} sends it back to the broker for a later delivery. */
    void handle(ReceivedEvent event);

    /** A message that cannot be read as an order event; it is acknowledged, as redelivery cannot help. */
    void dropped(String orderKey, String messageId, String tag, RuntimeException cause);

    /** A technical failure of one event; the broker delivers it again. */
    void failed(ReceivedEvent event, RuntimeException cause);
}
