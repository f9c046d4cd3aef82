package dev.eventual.inventory.deduct;

import org.apache.ibatis.annotations.Insert;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;

import java.util.Collection;
import java.util.List;

@Mapper
public interface DeductLogMapper {

    @Select("SELECT order_id, sku_id, quantity, status, fail_reason FROM inventory_deduct_log WHERE order_id = #{orderId}")
    DeductRecord find(@Param("orderId") long orderId);

    @Select("SELECT order_id, sku_id, quantity, status, fail_reason FROM inventory_deduct_log"
            + " WHERE order_id = #{orderId} FOR UPDATE")
    DeductRecord lock(@Param("orderId") long orderId);

    @Select("""
            <script>
            SELECT order_id, sku_id, quantity, status, fail_reason FROM inventory_deduct_log WHERE order_id IN
            <foreach collection="orderIds" item="id" open="(" separator="," close=")">#{id}</foreach>
            ORDER BY order_id FOR UPDATE
            </script>""")
    List<DeductRecord> lockAll(@Param("orderIds") Collection<Long> orderIds);

    /** Claims the order ids of a batch in one statement; fails on the key if a concurrent delivery claimed one. */
    @Insert("""
            <script>
            INSERT INTO inventory_deduct_log (order_id, sku_id, quantity, status, fail_reason) VALUES
            <foreach collection="records" item="r" separator=",">
            (#{r.orderId}, #{r.skuId}, #{r.quantity}, #{r.status}, #{r.failReason})</foreach>
            </script>""")
    int insertAll(@Param("records") Collection<DeductRecord> records);

    @Update("""
            <script>
            UPDATE inventory_deduct_log SET status = #{status}, fail_reason = #{failReason} WHERE order_id IN
            <foreach collection="orderIds" item="id" open="(" separator="," close=")">#{id}</foreach>
            </script>""")
    int setStatuses(@Param("orderIds") Collection<Long> orderIds, @Param("status") DeductStatus status,
                    @Param("failReason") String failReason);

    /** Claims the order id: a concurrent delivery of the same event waits here, then fails on the key. */
    @Insert("INSERT INTO inventory_deduct_log (order_id, sku_id, quantity, status, fail_reason)"
            + " VALUES (#{orderId}, #{skuId}, #{quantity}, #{status}, #{failReason})")
    int insert(DeductRecord record);

    @Update("UPDATE inventory_deduct_log SET status = #{status}, fail_reason = #{failReason} WHERE order_id = #{orderId}")
    int setStatus(@Param("orderId") long orderId, @Param("status") DeductStatus status,
                  @Param("failReason") String failReason);

    @Select("""
            <script>
            SELECT order_id, sku_id, quantity, status, fail_reason FROM inventory_deduct_log WHERE order_id IN
            <foreach collection="orderIds" item="id" open="(" separator="," close=")">#{id}</foreach>
            </script>""")
    List<DeductRecord> findAll(@Param("orderIds") List<Long> orderIds);
}
