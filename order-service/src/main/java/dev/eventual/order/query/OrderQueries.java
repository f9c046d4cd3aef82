package dev.eventual.order.query;

import dev.eventual.common.messaging.OrderEventType;
import dev.eventual.common.messaging.OrderMessaging;
import dev.eventual.order.core.orders.Orders;
import dev.eventual.order.core.orders.Orders.Order;
import dev.eventual.order.core.orders.Orders.OrderHistory;
import dev.eventual.order.core.orders.Orders.Report;
import dev.eventual.order.core.status.MessageStatus;
import dev.eventual.order.core.status.OrderStatus;
import org.springframework.stereotype.Service;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Reads orders with their events and consumer reports through order-core, as the API shows them. */
@Service
public class OrderQueries {

    /** Short names of the consumer groups in views. */
    private static final Map<String, String> CONSUMER_NAMES = Map.of(
            OrderMessaging.INVENTORY_CONSUMER_GROUP, "inventory",
            OrderMessaging.NOTICE_CONSUMER_GROUP, "notice");
    private static final String NOT_REPORTED = "PENDING";

    private final Orders orders;

    public OrderQueries(Orders orders) {
        this.orders = orders;
    }

    public OrderView find(long orderId) {
        return findFor(orderId, null);
    }

    /** An order already read, with its events and reports: two reads. */
    public OrderView of(Order order) {
        return view(orders.historyOf(order));
    }

    /**
     * An order as it was just written, without reading it back (issue 28: the 201 costs no statement), its created
     * event SENT or WAITING for the broker as the placement wrote it.
     */
    public OrderView newlyPlaced(Order order, MessageStatus eventStatus) {
        return view(orders.newlyPlaced(order, eventStatus));
    }

    /**
     * The order as {@code customer} may see it: another customer's order is not found, exactly like one
     * that does not exist, so its id tells nothing (docs/security.md).
     *
     * @param customer the customer asking, or null for someone who may read every order
     */
    public OrderView findFor(long orderId, Long customer) {
        return orders.find(orderId, customer).map(OrderQueries::view).orElseThrow(() -> new OrderNotFoundException(orderId));
    }

    /** A customer's orders, or every customer's (operators), newest first. */
    public OrderPage page(Long userId, OrderStatus status, int page, int size) {
        Orders.HistoryPage histories = orders.page(userId, status, page, size);
        return new OrderPage(histories.orders().stream().map(OrderQueries::view).toList(), histories.page(),
                histories.size(), histories.total());
    }

    private static OrderView view(OrderHistory history) {
        List<OrderView.EventView> events = history.events().stream().map(event -> new OrderView.EventView(
                event.eventType().name(), event.messageStatus(), event.reconcileStatus(), event.retryCount(),
                consumers(event.eventType(), history.reports()))).toList();
        OrderView.EventView created = events.stream()
                .filter(e -> e.eventType().equals(OrderEventType.ORDER_CREATED.name())).findFirst().orElse(null);
        Order order = history.order();
        return new OrderView(
                Long.toString(order.orderId()), Long.toString(order.userId()), Long.toString(order.skuId()),
                order.quantity(), order.status(),
                created == null ? null : created.messageStatus(),
                created == null ? null : created.reconcileStatus(),
                created == null ? consumers(OrderEventType.ORDER_CREATED, List.of()) : created.consumers(),
                events, utc(order.createdAt()), utc(order.updatedAt()));
    }

    private static Map<String, String> consumers(OrderEventType eventType, List<Report> reports) {
        Map<String, String> consumers = new LinkedHashMap<>();
        for (String group : OrderMessaging.EXPECTED_CONSUMER_GROUPS) {
            consumers.put(CONSUMER_NAMES.get(group), reports.stream()
                    .filter(r -> r.eventType() == eventType && r.consumerGroup().equals(group))
                    .map(r -> r.status().name()).findFirst().orElse(NOT_REPORTED));
        }
        return consumers;
    }

    private static Instant utc(LocalDateTime time) {
        return time == null ? null : time.toInstant(ZoneOffset.UTC);
    }
}
