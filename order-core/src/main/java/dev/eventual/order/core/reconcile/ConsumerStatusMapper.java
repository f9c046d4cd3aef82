package dev.eventual.order.core.reconcile;

import dev.eventual.common.messaging.OrderEventType;
import dev.eventual.common.status.ConsumeStatus;
import org.apache.ibatis.annotations.Insert;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;

import java.util.Collection;
import java.util.List;

@Mapper
interface ConsumerStatusMapper {

    /** Every group's report for one event type of the given orders. */
    @Select("""
            <script>
            SELECT order_id, event_type, consumer_group, status, detail FROM message_consumer_status
             WHERE event_type = #{eventType} AND order_id IN
            <foreach collection="orderIds" item="id" open="(" separator="," close=")">#{id}</foreach>
            </script>""")
    List<ConsumerStatusRow> findByEvents(@Param("eventType") OrderEventType eventType,
                                         @Param("orderIds") Collection<Long> orderIds);

    /** First reports, one row each, in one statement. */
    @Insert("""
            <script>
            INSERT INTO message_consumer_status (order_id, event_type, consumer_group, status, detail) VALUES
            <foreach collection="rows" item="row" separator=",">
            (#{row.orderId}, #{row.eventType}, #{row.consumerGroup}, #{row.status}, #{row.detail})</foreach>
            </script>""")
    int insertAll(@Param("rows") Collection<ConsumerStatusRow> rows);

    /**
     * One group's later report for the event of each given order. Only rows whose stored status is
     * one of {@code replaceable} change, so the statement itself never moves a status backwards.
     */
    @Update("""
            <script>
            UPDATE message_consumer_status SET status = #{status}, detail = #{detail}
             WHERE event_type = #{eventType} AND consumer_group = #{consumerGroup} AND status IN
            <foreach collection="replaceable" item="from" open="(" separator="," close=")">#{from}</foreach>
             AND order_id IN
            <foreach collection="orderIds" item="id" open="(" separator="," close=")">#{id}</foreach>
            </script>""")
    int updateAll(@Param("eventType") OrderEventType eventType, @Param("consumerGroup") String consumerGroup,
                  @Param("status") ConsumeStatus status, @Param("detail") String detail,
                  @Param("replaceable") Collection<ConsumeStatus> replaceable,
                  @Param("orderIds") Collection<Long> orderIds);

}
