package dev.eventual.common.messaging;

import java.util.List;

/**
 * Broker names shared by the producer and its consumers. One topic of type TRANSACTION carries
 * every order event; the tag says which event it is; each downstream service subscribes with its
 * own consumer group, so every group receives every event once.
 */
public final class OrderMessaging {

    /** Must exist with {@code message.type=TRANSACTION} before the first send. */
    public static final String ORDER_TOPIC = "EVENTUAL_ORDER_EVENT";

    public static final String ORDER_TX_PRODUCER_GROUP = "eventual-order-tx-producer";
    public static final String INVENTORY_CONSUMER_GROUP = "eventual-inventory-consumer";
    public static final String NOTICE_CONSUMER_GROUP = "eventual-notice-consumer";

    /** Groups whose SUCCESS makes an event CONSUMED; the same two for every event type. */
    public static final List<String> EXPECTED_CONSUMER_GROUPS =
            List.of(INVENTORY_CONSUMER_GROUP, NOTICE_CONSUMER_GROUP);

    /**
     * Subscription expression matching every order event tag: a literal, so annotations can use it
     * ({@code OrderMessagingTest} checks it against {@link OrderEventType}).
     */
    public static final String ALL_ORDER_EVENT_TAGS = "ORDER_CREATED || ORDER_CANCELED";

    private OrderMessaging() {
    }
}
