package dev.eventual.order.core.outbox;

import dev.eventual.common.messaging.OrderEventType;

/**
 * How {@link OrderOutbox} sends an event with its local transaction. {@link OrderEventPublisher} (a
 * RocketMQ half message) is the implementation the service runs. The interface is also the one seam
 * the order context keeps for its benchmark: bench's {@code ModeSwitchingPublisher} is a second
 * implementation, declared primary in the benchmark's JVM only, that compares the half message with
 * the same work done without it (bench/README.md).
 */
public interface OrderEventPublication {

    /**
     * @return {@link Publication#COMMITTED} or {@link Publication#UNKNOWN}
     * @throws NotPublishedException surely not committed ({@link NotPublishedReason#BROKER_UNAVAILABLE}: nothing was written)
     * @throws RuntimeException the work's refusal, after its transaction was rolled back
     * @throws Error an Error the work threw, after its transaction was rolled back
     */
    Publication publish(OrderEventType eventType, long orderId, Object event, Runnable work);
}
