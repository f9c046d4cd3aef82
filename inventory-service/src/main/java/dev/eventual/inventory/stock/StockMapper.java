package dev.eventual.inventory.stock;

import org.apache.ibatis.annotations.Insert;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;

import java.util.Collection;
import java.util.List;

@Mapper
public interface StockMapper {

    /** The only way stock goes down: 0 rows when the SKU is unknown or has too little. */
    @Update("UPDATE inventory SET stock = stock - #{quantity} WHERE sku_id = #{skuId} AND stock >= #{quantity}")
    int deduct(@Param("skuId") long skuId, @Param("quantity") int quantity);

    @Update("UPDATE inventory SET stock = stock + #{quantity} WHERE sku_id = #{skuId}")
    int restore(@Param("skuId") long skuId, @Param("quantity") int quantity);

    /** Locks the SKUs' rows in id order (every batch does), so two batches never wait on each other in a cycle. */
    @Select("""
            <script>
            SELECT sku_id, stock FROM inventory WHERE sku_id IN
            <foreach collection="skuIds" item="id" open="(" separator="," close=")">#{id}</foreach>
            ORDER BY sku_id FOR UPDATE
            </script>""")
    List<SkuStock> lockAll(@Param("skuIds") Collection<Long> skuIds);

    /** Takes {@code quantities} in one statement; the caller checked the locked stock. */
    @Update("""
            <script>
            UPDATE inventory SET stock = stock - CASE sku_id
            <foreach collection="quantities" item="q"> WHEN #{q.skuId} THEN #{q.quantity}</foreach>
             END WHERE sku_id IN
            <foreach collection="quantities" item="q" open="(" separator="," close=")">#{q.skuId}</foreach>
            </script>""")
    int deductAll(@Param("quantities") Collection<SkuQuantity> quantities);

    /** Gives {@code quantities} back in one statement. */
    @Update("""
            <script>
            UPDATE inventory SET stock = stock + CASE sku_id
            <foreach collection="quantities" item="q"> WHEN #{q.skuId} THEN #{q.quantity}</foreach>
             END WHERE sku_id IN
            <foreach collection="quantities" item="q" open="(" separator="," close=")">#{q.skuId}</foreach>
            </script>""")
    int restoreAll(@Param("quantities") Collection<SkuQuantity> quantities);

    /** One keyset page of the SKUs inventory holds, in id order. */
    @Select("SELECT sku_id FROM inventory WHERE sku_id > #{after} ORDER BY sku_id LIMIT #{limit}")
    List<Long> skusAfter(@Param("after") long after, @Param("limit") int limit);

    @Select("SELECT stock FROM inventory WHERE sku_id = #{skuId}")
    Integer stockOf(@Param("skuId") long skuId);

    @Insert("INSERT INTO inventory (sku_id, stock) VALUES (#{skuId}, #{stock})"
            + " ON DUPLICATE KEY UPDATE stock = VALUES(stock)")
    int set(@Param("skuId") long skuId, @Param("stock") int stock);
}
