package dev.eventual.order.core.store;

import java.time.LocalDateTime;

/**
 * An order committed in order_db that inventory has not reported settling yet: if Redis lost its
 * data, its reservation is restored before its SKU is seeded.
 *
 * @param messageId its ORDER_CREATED row's id: the rebuild's place in the scan
 */
public record InFlightOrder(long messageId, long orderId, long skuId, int quantity, LocalDateTime createdAt) {
}
