package dev.eventual.order.core.reconcile;

import dev.eventual.order.core.reconcile.UnpaidOrders.Overdue;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;

import java.util.List;

/** t_order as the unpaid timeout reads it; it never writes it (order-service cancels, docs/design.md). */
@Mapper
interface UnpaidOrderMapper {

    /**
     * One keyset page of CREATED orders older than {@code timeoutSeconds} by the database clock, oldest
     * first, whose shard key (kept on their ORDER_CREATED event, the rule of the reconcile scan) is in
     * the range. Reads {@code idx_order_status_created (status, created_at)} in order and joins each
     * row to its event by {@code uk_message_log_order_event}.
     */
    @Select("SELECT o.order_id, o.created_at FROM t_order o"
            + " JOIN message_log m ON m.order_id = o.order_id AND m.event_type = 'ORDER_CREATED'"
            + " WHERE o.status = 'CREATED' AND o.created_at <= CURRENT_TIMESTAMP(3) - INTERVAL #{timeoutSeconds} SECOND"
            + " AND (o.created_at > #{after.createdAt} OR (o.created_at = #{after.createdAt} AND o.order_id > #{after.orderId}))"
            + " AND m.shard_key BETWEEN #{fromKey} AND #{toKey}"
            + " ORDER BY o.created_at, o.order_id LIMIT #{limit}")
    List<Overdue> overdue(@Param("timeoutSeconds") long timeoutSeconds, @Param("fromKey") int fromKey,
                              @Param("toKey") int toKey, @Param("after") Overdue after, @Param("limit") int limit);
}
