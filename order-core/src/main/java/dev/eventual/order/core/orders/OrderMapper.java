package dev.eventual.order.core.orders;

import com.baomidou.mybatisplus.core.mapper.BaseMapper;
import dev.eventual.order.core.status.OrderStatus;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;

import java.util.List;

@Mapper
interface OrderMapper extends BaseMapper<OrderRow> {

    @Select("SELECT * FROM t_order WHERE user_id = #{userId} AND idempotency_key = #{key}")
    OrderRow findByIdempotencyKey(@Param("userId") long userId, @Param("key") String idempotencyKey);

    /** Guarded transition: 0 rows when the order moved on since it was read. */
    @Update("UPDATE t_order SET status = 'CANCELED', version = version + 1"
            + " WHERE order_id = #{orderId} AND version = #{version} AND status IN ('CREATED', 'PAID')")
    int cancel(@Param("orderId") long orderId, @Param("version") int version);

    /** What paying an order needs to know about it; null when the order does not exist. */
    @Select("SELECT order_id, status, version, payment_id FROM t_order WHERE order_id = #{orderId}")
    PaymentStateRow paymentState(@Param("orderId") long orderId);

    /**
     * Guarded transition CREATED → PAID with the payment's id and the database's time: 0 rows when the
     * order moved on since it was read (paid, canceled). A payment id already on another order fails on
     * {@code uk_order_payment}.
     */
    @Update("UPDATE t_order SET status = 'PAID', payment_id = #{paymentId}, paid_at = CURRENT_TIMESTAMP(3),"
            + " version = version + 1 WHERE order_id = #{orderId} AND version = #{version} AND status = 'CREATED'")
    int pay(@Param("orderId") long orderId, @Param("version") int version, @Param("paymentId") String paymentId);

    @Select("""
            <script>
            SELECT * FROM t_order
            <where>
              <if test="userId != null">user_id = #{userId}</if>
              <if test="status != null">AND status = #{status}</if>
            </where>
            ORDER BY order_id DESC LIMIT #{limit} OFFSET #{offset}
            </script>""")
    List<OrderRow> page(@Param("userId") Long userId, @Param("status") OrderStatus status,
                        @Param("limit") int limit, @Param("offset") long offset);

    @Select("""
            <script>
            SELECT COUNT(*) FROM t_order
            <where>
              <if test="userId != null">user_id = #{userId}</if>
              <if test="status != null">AND status = #{status}</if>
            </where>
            </script>""")
    long count(@Param("userId") Long userId, @Param("status") OrderStatus status);
}
