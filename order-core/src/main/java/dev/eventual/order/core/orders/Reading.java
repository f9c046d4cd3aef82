package dev.eventual.order.core.orders;

import dev.eventual.order.core.orders.Orders.HistoryPage;
import dev.eventual.order.core.orders.Orders.Order;
import dev.eventual.order.core.orders.Orders.OrderHistory;
import dev.eventual.order.core.shard.OrderShards;
import dev.eventual.order.core.status.OrderStatus;
import org.springframework.stereotype.Component;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/** Reads orders with their events and consumer reports: three queries per page, never one per order. */
@Component
class Reading {

    private final OrderShards shards;
    private final OrderMapper orders;
    private final HistoryMapper history;

    Reading(OrderShards shards, OrderMapper orders, HistoryMapper history) {
        this.shards = shards;
        this.orders = orders;
        this.history = history;
    }

    Optional<OrderHistory> find(long orderId, Long customer) {
        return shards.onOrder(orderId, () -> {
            OrderRow order = orders.selectById(orderId);
            if (order == null || (customer != null && !customer.equals(order.getUserId()))) {
                return Optional.empty();
            }
            return Optional.of(histories(List.of(Order.of(order))).get(0));
        });
    }

    OrderHistory historyOf(Order order) {
        return shards.onOrder(order.orderId(), () -> histories(List.of(order)).get(0));
    }

    /**
     * A customer's orders come from the customer's server. Every customer's orders (operators) come from
     * every server: each returns its first {@code offset + size} in order-id order, merged here; ids are
     * time-ordered on every server alike, so the merge is the same page one server would give.
     */
    HistoryPage page(Long userId, OrderStatus status, int page, int size) {
        long offset = (long) page * size;
        if (userId != null) {
            return shards.onUser(userId, () -> new HistoryPage(histories(rows(userId, status, size, offset)), page, size,
                    orders.count(userId, status)));
        }
        if (shards.servers() == 1) {
            return shards.on(0, () -> new HistoryPage(histories(rows(null, status, size, offset)), page, size,
                    orders.count(null, status)));
        }
        List<Order> merged = new ArrayList<>();
        long total = 0;
        for (int server = 0; server < shards.servers(); server++) {
            merged.addAll(shards.on(server, () -> rows(null, status, Math.toIntExact(offset + size), 0)));
            total += shards.on(server, () -> orders.count(null, status));
        }
        List<Order> onPage = merged.stream().sorted(Comparator.comparingLong(Order::orderId).reversed())
                .skip(offset).limit(size).toList();
        List<OrderHistory> histories = new ArrayList<>();
        onPage.stream().collect(Collectors.groupingBy(order -> shards.serverOfOrder(order.orderId()), LinkedHashMap::new,
                        Collectors.toList()))
                .forEach((server, onServer) -> histories.addAll(shards.on(server, () -> histories(onServer))));
        histories.sort(Comparator.comparingLong((OrderHistory h) -> h.order().orderId()).reversed());
        return new HistoryPage(histories, page, size, total);
    }

    private List<Order> rows(Long userId, OrderStatus status, int limit, long offset) {
        return orders.page(userId, status, limit, offset).stream().map(Order::of).toList();
    }

    private List<OrderHistory> histories(List<Order> page) {
        if (page.isEmpty()) {
            return List.of();
        }
        List<Long> ids = page.stream().map(Order::orderId).toList();
        Map<Long, List<Orders.Event>> events = history.events(ids).stream().collect(Collectors.groupingBy(
                HistoryMapper.EventRow::orderId, Collectors.mapping(HistoryMapper.EventRow::event, Collectors.toList())));
        Map<Long, List<Orders.Report>> reports = history.reports(ids).stream().collect(Collectors.groupingBy(
                HistoryMapper.ReportRow::orderId, Collectors.mapping(HistoryMapper.ReportRow::report, Collectors.toList())));
        return page.stream().map(order -> new OrderHistory(order, events.getOrDefault(order.orderId(), List.of()),
                reports.getOrDefault(order.orderId(), List.of()))).toList();
    }
}
