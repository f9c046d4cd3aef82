package dev.eventual.order.core.reconcile;

import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;

import java.util.List;

/** Facts about a page of orders read from order_db in one query each. */
@Mapper
interface OrderFactsMapper {

    @Select("""
            <script>
            SELECT order_id AS `key`, status AS `value` FROM t_order WHERE order_id IN
            <foreach collection="ids" item="id" open="(" separator="," close=")">#{id}</foreach>
            </script>""")
    List<KeyValue> orderStatuses(@Param("ids") List<Long> orderIds);

    /** The notice group's report for the ORDER_CANCELED event (notice-service's status API covers created notices). */
    @Select("""
            <script>
            SELECT order_id AS `key`, status AS `value` FROM message_consumer_status
             WHERE event_type = 'ORDER_CANCELED' AND consumer_group = #{group} AND order_id IN
            <foreach collection="ids" item="id" open="(" separator="," close=")">#{id}</foreach>
            </script>""")
    List<KeyValue> cancelReports(@Param("group") String consumerGroup, @Param("ids") List<Long> orderIds);

    record KeyValue(long key, String value) {
    }
}
