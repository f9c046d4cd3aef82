package dev.eventual.order.store;

import com.baomidou.mybatisplus.core.mapper.BaseMapper;
import dev.eventual.order.data.OrderStatus;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;

import java.util.List;

@Mapper
public interface OrderMapper extends BaseMapper<OrderRow> {

    @Select("SELECT * FROM t_order WHERE user_id = #{userId} AND idempotency_key = #{key}")
    OrderRow findByIdempotencyKey(@Param("userId") long userId, @Param("key") String idempotencyKey);

    /** Guarded transition: 0 rows when the order moved on since it was read. */
    @Update("UPDATE t_order SET status = 'CANCELED', version = version + 1"
            + " WHERE order_id = #{orderId} AND version = #{version} AND status IN ('CREATED', 'PAID')")
    int cancel(@Param("orderId") long orderId, @Param("version") int version);

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
