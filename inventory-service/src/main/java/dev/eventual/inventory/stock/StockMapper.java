package dev.eventual.inventory.stock;

import org.apache.ibatis.annotations.Insert;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;

@Mapper
public interface StockMapper {

    /** The only way stock goes down: 0 rows when the SKU is unknown or has too little. */
    @Update("UPDATE inventory SET stock = stock - #{quantity} WHERE sku_id = #{skuId} AND stock >= #{quantity}")
    int deduct(@Param("skuId") long skuId, @Param("quantity") int quantity);

    @Update("UPDATE inventory SET stock = stock + #{quantity} WHERE sku_id = #{skuId}")
    int restore(@Param("skuId") long skuId, @Param("quantity") int quantity);

    @Select("SELECT stock FROM inventory WHERE sku_id = #{skuId}")
    Integer stockOf(@Param("skuId") long skuId);

    @Insert("INSERT INTO inventory (sku_id, stock) VALUES (#{skuId}, #{stock})"
            + " ON DUPLICATE KEY UPDATE stock = VALUES(stock)")
    int set(@Param("skuId") long skuId, @Param("stock") int stock);
}
