package dev.eventual.order.core.breach;

import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Select;

/** A deliberate breach of OrderCoreStructureTest: a mapper callable from outside its package. */
@Mapper
public interface LeakedMapper {

    @Select("SELECT 1")
    int one();
}
