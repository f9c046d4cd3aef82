package dev.eventual.order.query;

import java.util.List;

/** One page of orders, newest first. */
public record OrderPage(List<OrderView> items, int page, int size, long total) {
}
