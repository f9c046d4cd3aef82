package dev.eventual.notice.store;

import org.apache.ibatis.annotations.Delete;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;

/**
 * notice_log's cleanup (docs/retention.md): by {@code idx_notice_log_status_updated (status, updated_at)}, one status
 * at a time, so that each statement reads one range of the index, oldest first, and locks only the rows it deletes.
 * Ages are judged by the database's clock, as the claims' leases are, so every instance agrees.
 */
@Mapper
public interface NoticeLogRetentionMapper {

    /** One batch, one short statement: the oldest records of a status untouched for longer than the age. */
    @Delete("DELETE FROM notice_log WHERE status = #{status}"
            + " AND updated_at < CURRENT_TIMESTAMP(3) - INTERVAL #{olderThanMicros} MICROSECOND"
            + " ORDER BY updated_at LIMIT #{limit}")
    int deleteOlderThan(@Param("status") NoticeStatus status, @Param("olderThanMicros") long olderThanMicros,
                        @Param("limit") int limit);

    /** Seconds since the oldest record of a status last changed (an indexed MIN); null when it has none. */
    @Select("SELECT TIMESTAMPDIFF(SECOND, MIN(updated_at), CURRENT_TIMESTAMP(3)) FROM notice_log WHERE status = #{status}")
    Long oldestAgeSeconds(@Param("status") NoticeStatus status);
}
