package dev.eventual.order.store;

import dev.eventual.common.messaging.OrderEventType;
import dev.eventual.common.status.ConsumeStatus;
import org.apache.ibatis.annotations.Insert;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;

import java.util.List;

@Mapper
public interface ConsumerStatusMapper {

    @Select("SELECT order_id, event_type, consumer_group, status, detail FROM message_consumer_status"
            + " WHERE order_id = #{orderId} AND event_type = #{eventType}")
    List<ConsumerStatusRow> findByEvent(@Param("orderId") long orderId, @Param("eventType") OrderEventType eventType);

    @Insert("INSERT INTO message_consumer_status (order_id, event_type, consumer_group, status, detail)"
            + " VALUES (#{orderId}, #{eventType}, #{consumerGroup}, #{status}, #{detail})")
    int insert(ConsumerStatusRow row);

    @Update("UPDATE message_consumer_status SET status = #{status}, detail = #{detail}"
            + " WHERE order_id = #{orderId} AND event_type = #{eventType} AND consumer_group = #{consumerGroup}")
    int update(ConsumerStatusRow row);

    @Select("SELECT status FROM message_consumer_status WHERE order_id = #{orderId} AND event_type = #{eventType}"
            + " AND consumer_group = #{consumerGroup}")
    ConsumeStatus findStatus(@Param("orderId") long orderId, @Param("eventType") OrderEventType eventType,
                             @Param("consumerGroup") String consumerGroup);

    @Select("""
            <script>
            SELECT order_id, event_type, consumer_group, status, detail FROM message_consumer_status WHERE order_id IN
            <foreach collection="orderIds" item="id" open="(" separator="," close=")">#{id}</foreach>
            </script>""")
    List<ConsumerStatusRow> findByOrders(@Param("orderIds") List<Long> orderIds);
}
