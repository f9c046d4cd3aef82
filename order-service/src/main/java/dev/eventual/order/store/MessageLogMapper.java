package dev.eventual.order.store;

import com.baomidou.mybatisplus.core.mapper.BaseMapper;
import dev.eventual.common.messaging.OrderEventType;
import dev.eventual.common.status.MessageStatus;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;

import java.util.List;

@Mapper
public interface MessageLogMapper extends BaseMapper<MessageLogRow> {

    /** Serialises status reports for one event, so the derived msg_status sees every report. */
    @Select("SELECT * FROM message_log WHERE order_id = #{orderId} AND event_type = #{eventType} FOR UPDATE")
    MessageLogRow lock(@Param("orderId") long orderId, @Param("eventType") OrderEventType eventType);

    @Update("UPDATE message_log SET msg_status = #{status} WHERE id = #{id}")
    int updateMsgStatus(@Param("id") long id, @Param("status") MessageStatus status);

    @Select("""
            <script>
            SELECT * FROM message_log WHERE order_id IN
            <foreach collection="orderIds" item="id" open="(" separator="," close=")">#{id}</foreach>
            ORDER BY order_id, id
            </script>""")
    List<MessageLogRow> findByOrders(@Param("orderIds") List<Long> orderIds);
}
