package dev.eventual.order.core.reconcile;

import dev.eventual.common.messaging.OrderEventType;
import org.apache.ibatis.annotations.Delete;
import org.apache.ibatis.annotations.Insert;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;

import java.time.LocalDateTime;
import java.util.Collection;
import java.util.List;

@Mapper
interface ArchiveMapper {

    /** One batch of finished rows, oldest first, through {@code idx_message_log_finished}; locked until moved. */
    @Select("SELECT id, order_id, event_type FROM message_log WHERE reconcile_status IN ('SUCCESS', 'SKIPPED')"
            + " AND updated_at < #{cutoff} ORDER BY updated_at LIMIT #{limit} FOR UPDATE")
    List<FinishedEvent> finishedBefore(@Param("cutoff") LocalDateTime cutoff, @Param("limit") int limit);

    /** The columns an event keeps in the archive, the same in both tables ({@code next_relay_time} is not kept). */
    String ARCHIVED_COLUMNS = "id, order_id, event_type, shard_key, topic, tag, msg_key, transaction_id, payload,"
            + " msg_status, reconcile_status, retry_count, next_reconcile_time, version, last_error, created_at,"
            + " updated_at, claim_token, trace_parent, relay_attempts, relayed_at";

    @Insert("<script>INSERT INTO message_log_hist (" + ARCHIVED_COLUMNS + ") SELECT " + ARCHIVED_COLUMNS
            + " FROM message_log WHERE id IN"
            + " <foreach collection=\"ids\" item=\"id\" open=\"(\" separator=\",\" close=\")\">#{id}</foreach></script>")
    int copyToHistory(@Param("ids") List<Long> ids);

    @Delete("""
            <script>
            DELETE FROM message_log WHERE id IN
            <foreach collection="ids" item="id" open="(" separator="," close=")">#{id}</foreach>
            </script>""")
    int delete(@Param("ids") List<Long> ids);

    /**
     * The consumers' reports of the given orders' events of one type, by the primary key's prefix
     * {@code (order_id, event_type)}: they leave with their event (docs/retention.md).
     */
    @Delete("""
            <script>
            DELETE FROM message_consumer_status WHERE event_type = #{eventType} AND order_id IN
            <foreach collection="orderIds" item="id" open="(" separator="," close=")">#{id}</foreach>
            </script>""")
    int deleteConsumerStatuses(@Param("eventType") OrderEventType eventType, @Param("orderIds") Collection<Long> orderIds);

    /** One batch of publish attempts older than the cutoff, through {@code idx_tx_attempt_barrier_created}. */
    @Delete("DELETE FROM tx_attempt_barrier WHERE created_at < #{cutoff} ORDER BY created_at LIMIT #{limit}")
    int deleteAttemptsBefore(@Param("cutoff") LocalDateTime cutoff, @Param("limit") int limit);

    /**
     * One batch of archived events archived before the cutoff, oldest first, through
     * {@code idx_message_log_hist_archived}: one short statement, reading only the rows it deletes.
     */
    @Delete("DELETE FROM message_log_hist WHERE archived_at < #{cutoff} ORDER BY archived_at LIMIT #{limit}")
    int deleteHistoryBefore(@Param("cutoff") LocalDateTime cutoff, @Param("limit") int limit);

    /** Seconds since the oldest archived event left was archived, by the database clock (one index read); null when none is left. */
    @Select("SELECT TIMESTAMPDIFF(SECOND, MIN(archived_at), CURRENT_TIMESTAMP(3)) FROM message_log_hist")
    Long oldestHistorySeconds();

    /** What the move needs of a finished row: its id, and the key of its consumers' reports. */
    record FinishedEvent(long id, long orderId, OrderEventType eventType) {
    }
}
