package dev.eventual.inventory.retention;

import dev.eventual.inventory.deduct.DeductStatus;
import org.apache.ibatis.annotations.Delete;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;

import java.time.LocalDateTime;

/**
 * The cleanup's statements on inventory_deduct_log, each one short statement on the index
 * {@code idx_deduct_log_status_updated (status, updated_at)}: a status's oldest records are one range of it.
 * Times are the database's (the session runs in UTC), the clock that wrote {@code updated_at}.
 */
@Mapper
interface DeductLogCleanupMapper {

    @Select("SELECT NOW(3)")
    LocalDateTime now();

    /** One batch: the status's records untouched since before {@code before}, oldest first. */
    @Delete("DELETE FROM inventory_deduct_log WHERE status = #{status} AND updated_at < #{before}"
            + " ORDER BY updated_at LIMIT #{limit}")
    int deleteUntouchedBefore(@Param("status") DeductStatus status, @Param("before") LocalDateTime before,
                              @Param("limit") int limit);

    /** The status's oldest last change: one read at the index's start; null when it has no record. */
    @Select("SELECT MIN(updated_at) FROM inventory_deduct_log WHERE status = #{status}")
    LocalDateTime oldest(@Param("status") DeductStatus status);
}
