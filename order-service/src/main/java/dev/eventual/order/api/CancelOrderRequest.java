package dev.eventual.order.api;

import dev.eventual.common.api.TextLimits;
import dev.eventual.order.core.status.OrderStatus;
import jakarta.validation.constraints.Size;

/**
 * Optional body of {@code POST /api/orders/{orderId}/cancel}.
 *
 * @param reason         why, carried in the ORDER_CANCELED event; up to {@link TextLimits#CANCEL_REASON} characters,
 *                       room for a work order's CANCEL_ORDER with its longest note
 * @param expectedStatus cancel only if the order is still in this status, else 409; the unpaid timeout
 *                       sends CREATED so that it never cancels an order a payment just confirmed
 */
public record CancelOrderRequest(@Size(max = TextLimits.CANCEL_REASON) String reason, OrderStatus expectedStatus) {
}
