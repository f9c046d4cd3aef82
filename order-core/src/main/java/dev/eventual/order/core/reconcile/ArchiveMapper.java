package dev.eventual.order.core.reconcile;

import org.apache.ibatis.annotations.Delete;
import org.apache.ibatis.annotations.Insert;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;

import java.time.LocalDateTime;
import java.util.List;

@Mapper
interface ArchiveMapper {

    /** One batch of finished rows, oldest first, through {@code idx_message_log_finished}; locked until moved. */
    @Select("SELECT id FROM message_log WHERE reconcile_status IN ('SUCCESS', 'SKIPPED') AND updated_at < #{cutoff}"
            + " ORDER BY updated_at LIMIT #{limit} FOR UPDATE")
    List<Long> finishedBefore(@Param("cutoff") LocalDateTime cutoff, @Param("limit") int limit);

    @Insert("""
            <script>
            INSERT INTO message_log_hist (id, order_id, event_type, shard_key, topic, tag, msg_key, transaction_id, payload,
                   msg_status, reconcile_status, retry_count, next_reconcile_time, version, last_error, created_at,
                   updated_at, claim_token, trace_parent, relay_attempts, relayed_at)
            SELECT id, order_id, event_type, shard_key, topic, tag, msg_key, transaction_id, payload, msg_status,
                   reconcile_status, retry_count, next_reconcile_time, version, last_error, created_at, updated_at,
                   claim_token, trace_parent, relay_attempts, relayed_at
              FROM message_log WHERE id IN
            <foreach collection="ids" item="id" open="(" separator="," close=")">#{id}</foreach>
            </script>""")
    int copyToHistory(@Param("ids") List<Long> ids);

    @Delete("""
            <script>
            DELETE FROM message_log WHERE id IN
            <foreach collection="ids" item="id" open="(" separator="," close=")">#{id}</foreach>
            </script>""")
    int delete(@Param("ids") List<Long> ids);

    /** One batch of publish attempts older than the cutoff, through {@code idx_tx_attempt_barrier_created}. */
    @Delete("DELETE FROM tx_attempt_barrier WHERE created_at < #{cutoff} ORDER BY created_at LIMIT #{limit}")
    int deleteAttemptsBefore(@Param("cutoff") LocalDateTime cutoff, @Param("limit") int limit);
}
