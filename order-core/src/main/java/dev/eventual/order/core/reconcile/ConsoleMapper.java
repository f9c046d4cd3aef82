package dev.eventual.order.core.reconcile;

import dev.eventual.order.core.reconcile.WorkOrders.ConsumerReport;
import dev.eventual.order.core.reconcile.WorkOrders.Event;
import dev.eventual.order.core.reconcile.WorkOrders.Order;
import dev.eventual.order.core.reconcile.WorkOrders.Tally;
import dev.eventual.order.core.reconcile.WorkOrders.WorkOrder;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;

import java.time.LocalDateTime;
import java.util.List;

/** What the console reads from order_db beyond the work orders' own mapper; it writes nothing. */
@Mapper
interface ConsoleMapper {

    String QUEUE_WHERE = """
            <where>
              <if test="status != null">status = #{status}</if>
              <if test="eventType != null">AND event_type = #{eventType}</if>
              <if test="openedBefore != null">AND created_at &lt;= #{openedBefore}</if>
              <if test="skuId != null">AND sku_id = #{skuId}</if>
              <if test="reason != null">AND LOCATE(#{reason}, reason) &gt; 0</if>
            </where>""";

    /** One page of the queue, newest first, through {@code idx_work_order_status_id} when filtered by status (by SKU too: {@code idx_work_order_status_sku}). */
    @Select("<script>SELECT " + WorkOrderMapper.COLUMNS + " FROM reconcile_work_order " + QUEUE_WHERE
            + " ORDER BY id DESC LIMIT #{limit} OFFSET #{offset}</script>")
    List<WorkOrder> queue(@Param("status") WorkOrders.Status status, @Param("eventType") String eventType,
                             @Param("openedBefore") LocalDateTime openedBefore, @Param("skuId") Long skuId,
                             @Param("reason") String reason, @Param("limit") int limit, @Param("offset") int offset);

    @Select("<script>SELECT COUNT(*) FROM reconcile_work_order " + QUEUE_WHERE + "</script>")
    long count(@Param("status") WorkOrders.Status status, @Param("eventType") String eventType,
               @Param("openedBefore") LocalDateTime openedBefore, @Param("skuId") Long skuId, @Param("reason") String reason);

    /** The work orders by status and event type. */
    @Select("SELECT status, event_type, COUNT(*) FROM reconcile_work_order GROUP BY status, event_type ORDER BY status, event_type")
    List<Tally> tally();

    @Select("SELECT order_id, user_id, sku_id, quantity, status, payment_id, paid_at, created_at, updated_at"
            + " FROM t_order WHERE order_id = #{orderId}")
    Order order(@Param("orderId") long orderId);

    /**
     * The order's events, archived ones included (the archive keeps finished events past their retention). An
     * event the outbox wrote without the broker has the fallback's transaction id, {@code relay-} and a UUID
     * (docs/design.md, "The outbox"); a finished one is no longer the relay's, so the archive has no next relay time.
     */
    @Select("SELECT id, event_type, msg_status, reconcile_status, retry_count, next_reconcile_time, last_error,"
            + " trace_parent, created_at, updated_at, 'message_log', COALESCE(transaction_id LIKE 'relay-%', FALSE),"
            + " relay_attempts, next_relay_time, relayed_at FROM message_log WHERE order_id = #{orderId}"
            + " UNION ALL"
            + " SELECT id, event_type, msg_status, reconcile_status, retry_count, next_reconcile_time, last_error,"
            + " trace_parent, created_at, updated_at, 'message_log_hist', COALESCE(transaction_id LIKE 'relay-%', FALSE),"
            + " relay_attempts, NULL, relayed_at FROM message_log_hist WHERE order_id = #{orderId}"
            + " ORDER BY id")
    List<Event> events(@Param("orderId") long orderId);

    /** What each consumer group reported for each of the order's events. */
    @Select("SELECT event_type, consumer_group, status, detail, updated_at FROM message_consumer_status"
            + " WHERE order_id = #{orderId} ORDER BY event_type, consumer_group")
    List<ConsumerReport> consumers(@Param("orderId") long orderId);
}
