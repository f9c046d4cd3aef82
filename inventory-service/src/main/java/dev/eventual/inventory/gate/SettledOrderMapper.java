package dev.eventual.inventory.gate;

import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;

import java.util.Collection;
import java.util.List;

/** Which orders inventory has settled: a deduct record of any status holds its outcome in the stock. */
@Mapper
public interface SettledOrderMapper {

    @Select("""
            <script>
            SELECT order_id FROM inventory_deduct_log WHERE order_id IN
            <foreach collection="orderIds" item="id" open="(" separator="," close=")">#{id}</foreach>
            </script>""")
    List<Long> settledAmong(@Param("orderIds") Collection<Long> orderIds);
}
