package dev.eventual.order.query;

import dev.eventual.common.messaging.OrderEventType;
import dev.eventual.common.messaging.OrderMessaging;
import dev.eventual.order.core.outbox.OrderOutbox;
import dev.eventual.order.core.shard.OrderShards;
import dev.eventual.order.core.status.OrderStatus;
import dev.eventual.order.core.store.ConsumerStatusMapper;
import dev.eventual.order.core.store.ConsumerStatusRow;
import dev.eventual.order.core.store.MessageLogMapper;
import dev.eventual.order.core.store.MessageLogRow;
import dev.eventual.order.core.store.OrderMapper;
import dev.eventual.order.core.store.OrderRow;
import org.springframework.stereotype.Service;

import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** Reads orders with their events and consumer reports: three queries per page, never one per order. */
@Service
public class OrderQueries {

    /** Short names of the consumer groups in views. */
    private static final Map<String, String> CONSUMER_NAMES = Map.of(
            OrderMessaging.INVENTORY_CONSUMER_GROUP, "inventory",
            OrderMessaging.NOTICE_CONSUMER_GROUP, "notice");
    private static final String NOT_REPORTED = "PENDING";

    private final OrderShards shards;
    private final OrderMapper orders;
    private final MessageLogMapper messageLog;
    private final ConsumerStatusMapper consumerStatus;

    public OrderQueries(OrderShards shards, OrderMapper orders, MessageLogMapper messageLog, ConsumerStatusMapper consumerStatus) {
        this.shards = shards;
        this.orders = orders;
        this.messageLog = messageLog;
        this.consumerStatus = consumerStatus;
    }

    public OrderView find(long orderId) {
        return findFor(orderId, null);
    }

    /** An order already read, with its events and reports: two reads. */
    public OrderView of(OrderRow order) {
        return shards.onOrder(order.getOrderId(), () -> views(List.of(order)).get(0));
    }

    /**
     * An order as it was just written, without reading it back: its created event as the outbox commits
     * it, and no consumer has reported yet (issue 28: the 201 costs no statement).
     */
    public OrderView newlyPlaced(OrderRow order) {
        OrderView.EventView created = new OrderView.EventView(OrderEventType.ORDER_CREATED.name(),
                OrderOutbox.NEW_EVENT_STATUS, OrderOutbox.NEW_EVENT_RECONCILE_STATUS, 0,
                consumers(OrderEventType.ORDER_CREATED, List.of()));
        return view(order, List.of(created));
    }

    /**
     * The order as {@code customer} may see it: another customer's order is not found, exactly like one
     * that does not exist, so its id tells nothing (docs/security.md).
     *
     * @param customer the customer asking, or null for someone who may read every order
     */
    public OrderView findFor(long orderId, Long customer) {
        return shards.onOrder(orderId, () -> {
            OrderRow order = orders.selectById(orderId);
            if (order == null || (customer != null && !customer.equals(order.getUserId()))) {
                throw new OrderNotFoundException(orderId);
            }
            return views(List.of(order)).get(0);
        });
    }

    /**
     * A customer's orders come from the customer's server. Every customer's orders (operators) come from
     * every server: each returns its first {@code offset + size} in order-id order, merged here; ids are
     * time-ordered on every server alike, so the merge is the same page one server would give.
     */
    public OrderPage page(Long userId, OrderStatus status, int page, int size) {
        long offset = (long) page * size;
        if (userId != null) {
            return shards.onUser(userId, () -> new OrderPage(views(orders.page(userId, status, size, offset)), page, size,
                    orders.count(userId, status)));
        }
        if (shards.servers() == 1) {
            return shards.on(0, () -> new OrderPage(views(orders.page(null, status, size, offset)), page, size,
                    orders.count(null, status)));
        }
        List<OrderRow> merged = new ArrayList<>();
        long total = 0;
        for (int server = 0; server < shards.servers(); server++) {
            merged.addAll(shards.on(server, () -> orders.page(null, status, Math.toIntExact(offset + size), 0)));
            total += shards.on(server, () -> orders.count(null, status));
        }
        List<OrderRow> rows = merged.stream().sorted(Comparator.comparingLong(OrderRow::getOrderId).reversed())
                .skip(offset).limit(size).toList();
        List<OrderView> views = new ArrayList<>();
        rows.stream().collect(Collectors.groupingBy(row -> shards.serverOfOrder(row.getOrderId()), LinkedHashMap::new, Collectors.toList()))
                .forEach((server, onServer) -> views.addAll(shards.on(server, () -> views(onServer))));
        views.sort(Comparator.comparing((OrderView view) -> Long.parseLong(view.orderId())).reversed());
        return new OrderPage(views, page, size, total);
    }

    private List<OrderView> views(List<OrderRow> rows) {
        if (rows.isEmpty()) {
            return List.of();
        }
        List<Long> ids = rows.stream().map(OrderRow::getOrderId).toList();
        Map<Long, List<MessageLogRow>> events = messageLog.findByOrders(ids).stream()
                .collect(Collectors.groupingBy(MessageLogRow::getOrderId));
        Map<Long, List<ConsumerStatusRow>> reports = consumerStatus.findByOrders(ids).stream()
                .collect(Collectors.groupingBy(ConsumerStatusRow::orderId));
        return rows.stream().map(row -> view(row, events.getOrDefault(row.getOrderId(), List.of()),
                reports.getOrDefault(row.getOrderId(), List.of()))).toList();
    }

    private static OrderView view(OrderRow order, List<MessageLogRow> events, List<ConsumerStatusRow> reports) {
        return view(order, events.stream().map(event -> new OrderView.EventView(
                event.getEventType().name(), event.getMsgStatus(), event.getReconcileStatus(), event.getRetryCount(),
                consumers(event.getEventType(), reports))).toList());
    }

    private static OrderView view(OrderRow order, List<OrderView.EventView> eventViews) {
        OrderView.EventView created = eventViews.stream()
                .filter(e -> e.eventType().equals(OrderEventType.ORDER_CREATED.name())).findFirst().orElse(null);
        return new OrderView(
                Long.toString(order.getOrderId()), Long.toString(order.getUserId()), Long.toString(order.getSkuId()),
                order.getQuantity(), order.getStatus(),
                created == null ? null : created.messageStatus(),
                created == null ? null : created.reconcileStatus(),
                created == null ? consumers(OrderEventType.ORDER_CREATED, List.of()) : created.consumers(),
                eventViews, utc(order.getCreatedAt()), utc(order.getUpdatedAt()));
    }

    private static Map<String, String> consumers(OrderEventType eventType, List<ConsumerStatusRow> reports) {
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
