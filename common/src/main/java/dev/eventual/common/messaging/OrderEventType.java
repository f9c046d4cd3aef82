package dev.eventual.common.messaging;

/** The events an order publishes; the name is also the message tag. */
public enum OrderEventType {
    ORDER_CREATED,
    ORDER_CANCELED;

    public String tag() {
        return name();
    }

    public static OrderEventType fromTag(String tag) {
        for (OrderEventType type : values()) {
            if (type.tag().equals(tag)) {
                return type;
            }
        }
        throw new IllegalArgumentException("unknown order event tag: " + tag);
    }
}
