package dev.eventual.order.core.reconcile;

import dev.eventual.order.core.reconcile.InFlightOrders.Order;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;

import java.util.Collection;
import java.util.List;

/** order_db as the stock gate's repair reads it; it writes nothing there. */
@Mapper
interface GateOrderMapper {

    /** Which of these orders exist: the rest never committed. */
    @Select("""
            <script>
            SELECT order_id FROM t_order WHERE order_id IN
            <foreach collection="orderIds" item="id" open="(" separator="," close=")">#{id}</foreach>
            </script>""")
    List<Long> existing(@Param("orderIds") Collection<Long> orderIds);

    /**
     * One page (by message id) of the orders whose ORDER_CREATED is not finished and whose inventory
     * report is not in: inventory may not have settled them. Some it has (the report lags the commit);
     * the seed ends those reservations again, from inventory's own records.
     */
    @Select("SELECT m.id AS message_id, o.order_id, o.sku_id, o.quantity, o.created_at FROM message_log m"
            + " JOIN t_order o ON o.order_id = m.order_id"
            + " LEFT JOIN message_consumer_status c ON c.order_id = m.order_id AND c.event_type = m.event_type"
            + " AND c.consumer_group = #{inventoryGroup}"
            + " WHERE m.event_type = 'ORDER_CREATED' AND m.reconcile_status IN ('PENDING', 'RETRY', 'FAIL')"
            + " AND (c.status IS NULL OR c.status = 'PROCESSING') AND m.id > #{afterId}"
            + " ORDER BY m.id LIMIT #{limit}")
    List<Order> inFlight(@Param("inventoryGroup") String inventoryGroup, @Param("afterId") long afterId,
                                 @Param("limit") int limit);
}
