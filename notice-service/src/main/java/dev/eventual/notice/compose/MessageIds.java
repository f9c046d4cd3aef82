package dev.eventual.notice.compose;

import dev.eventual.common.messaging.OrderEventType;

import java.util.Locale;

/**
 * The stable message id of a notice, derived from order id and notice type only: every (re)send of
 * the same notice carries the same id, so a receiver can drop a duplicate (RFC 5322 msg-id syntax).
 */
public final class MessageIds {

    public static final String DOMAIN = "eventual.notice";

    private MessageIds() {
    }

    /** {@code <order-42-order-created@eventual.notice>}. */
    public static String of(long orderId, OrderEventType type) {
        if (orderId <= 0) {
            throw new IllegalArgumentException("orderId must be positive, not " + orderId);
        }
        return "<order-" + orderId + "-" + type.name().toLowerCase(Locale.ROOT).replace('_', '-') + "@" + DOMAIN + ">";
    }
}
