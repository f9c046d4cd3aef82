package dev.eventual.order.tx;

import dev.eventual.common.messaging.OrderEventType;

/**
 * How placement and cancel send an order event together with the local transaction that makes it
 * true. {@link OrderEventPublisher} (a RocketMQ half message) is the implementation the service runs.
 * The interface is also the one seam this service keeps for its benchmark: bench's
 * {@code ModeSwitchingPublisher} is a second implementation, declared primary in the benchmark's JVM
 * only, that compares the half message with the same work done without it (tooling/bench/README.md).
 */
public interface OrderEventPublication {

    /**
     * @return what the local transaction did
     * @throws BrokerUnavailableException when the event could not be handed to the broker (nothing was written)
     * @throws Error an Error the work threw, after its transaction was rolled back
     */
    LocalTxOutcome publish(long orderId, OrderEventType eventType, Object event, LocalOrderTransaction work);
}
