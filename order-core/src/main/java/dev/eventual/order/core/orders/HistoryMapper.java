package dev.eventual.order.core.orders;

import dev.eventual.common.status.ConsumeStatus;
import dev.eventual.common.messaging.OrderEventType;
import dev.eventual.order.core.orders.Orders.Event;
import dev.eventual.order.core.orders.Orders.Report;
import dev.eventual.order.core.status.MessageStatus;
import dev.eventual.order.core.status.ReconcileStatus;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;

import java.util.List;

/** The events and consumer reports of a page of orders: one statement each, never one per order. */
@Mapper
interface HistoryMapper {

    @Select("""
            <script>
            SELECT order_id, event_type, msg_status, reconcile_status, retry_count FROM message_log WHERE order_id IN
            <foreach collection="orderIds" item="id" open="(" separator="," close=")">#{id}</foreach>
            ORDER BY order_id, id
            </script>""")
    List<EventRow> events(@Param("orderIds") List<Long> orderIds);

    @Select("""
            <script>
            SELECT order_id, event_type, consumer_group, status FROM message_consumer_status WHERE order_id IN
            <foreach collection="orderIds" item="id" open="(" separator="," close=")">#{id}</foreach>
            </script>""")
    List<ReportRow> reports(@Param("orderIds") List<Long> orderIds);

    /** Columns in the order of the statement: MyBatis maps them onto the canonical constructor. */
    record EventRow(long orderId, OrderEventType eventType, MessageStatus msgStatus, ReconcileStatus reconcileStatus,
                    int retryCount) {

        Event event() {
            return new Event(eventType, msgStatus, reconcileStatus, retryCount);
        }
    }

    record ReportRow(long orderId, OrderEventType eventType, String consumerGroup, ConsumeStatus status) {

        Report report() {
            return new Report(eventType, consumerGroup, status);
        }
    }
}
