package dev.eventual.order.core.reconcile;

import dev.eventual.order.core.reconcile.ReconcilePages.DueKey;
import dev.eventual.order.core.reconcile.ReconcilePages.DueRow;
import dev.eventual.order.core.reconcile.ReconcilePages.PagePosition;
import dev.eventual.order.core.reconcile.ReconcilePages.RowFinish;
import dev.eventual.order.core.status.ReconcileStatus;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;

import java.time.LocalDateTime;
import java.util.List;

/** message_log as the reconcile job sees it: scanned by shard range, claimed, finished. */
@Mapper
interface DueRowMapper {

    /** The rows of one status inside a key range, due by {@code dueBy}, after one keyset position. */
    String DUE_AFTER = " WHERE reconcile_status = #{status} AND shard_key BETWEEN #{fromKey} AND #{toKey}"
            + " AND next_reconcile_time <= #{dueBy}"
            + " AND (shard_key > #{after.shardKey} OR (shard_key = #{after.shardKey}"
            + " AND (next_reconcile_time > #{after.time} OR (next_reconcile_time = #{after.time} AND id > #{after.id}))))";

    /**
     * One keyset page of due rows of one status inside a key range, in the order of
     * {@code idx_message_log_due (reconcile_status, shard_key, next_reconcile_time)} (+ id): only
     * what the run needs to move on and to tell settled rows from open ones.
     */
    @Select("SELECT id, msg_status, shard_key, next_reconcile_time FROM message_log" + DUE_AFTER
            + " ORDER BY shard_key, next_reconcile_time, id LIMIT #{limit}")
    List<DueKey> page(@Param("status") ReconcileStatus status, @Param("fromKey") int fromKey,
                      @Param("toKey") int toKey, @Param("dueBy") LocalDateTime dueBy, @Param("after") PagePosition after,
                      @Param("limit") int limit);

    /**
     * Finishes, in one statement and without a claim, the rows of a page (everything after
     * {@code after} up to and including {@code last}) that need no question to anyone: every
     * expected consumer reported SUCCESS and the order exists. The statement re-checks all of it on
     * the row it changes, so a row claimed, finished or changed since the page was read is left to
     * the claim that follows (docs/design.md, "Reconciliation": a row is only ever worked by one run
     * at a time; this one decides and writes it atomically).
     */
    @Update("UPDATE message_log SET reconcile_status = 'SUCCESS', claim_token = NULL, last_error = NULL,"
            + " version = version + 1" + DUE_AFTER
            + " AND (shard_key < #{last.shardKey} OR (shard_key = #{last.shardKey}"
            + " AND (next_reconcile_time < #{last.time} OR (next_reconcile_time = #{last.time} AND id <= #{last.id}))))"
            + " AND " + SettleRule.CONDITION)
    int finishConsumed(@Param("status") ReconcileStatus status, @Param("fromKey") int fromKey, @Param("toKey") int toKey,
                       @Param("dueBy") LocalDateTime dueBy, @Param("after") PagePosition after,
                       @Param("last") PagePosition last);

    /**
     * Claims the rows still due: the token marks them ours and the lease takes them out of every
     * other scan. Of two concurrent claims of a row, InnoDB lets one win; the other re-reads it as
     * no longer due.
     */
    @Update("""
            <script>
            UPDATE message_log SET claim_token = #{token}, version = version + 1, next_reconcile_time = #{leaseUntil}
             WHERE reconcile_status IN ('PENDING', 'RETRY') AND next_reconcile_time &lt;= #{now} AND id IN
            <foreach collection="ids" item="id" open="(" separator="," close=")">#{id}</foreach>
            </script>""")
    int claim(@Param("ids") List<Long> ids, @Param("token") String token, @Param("now") LocalDateTime now,
              @Param("leaseUntil") LocalDateTime leaseUntil);

    @Select("""
            <script>
            SELECT id, order_id, event_type, payload, msg_status, reconcile_status, retry_count, shard_key,
                   next_reconcile_time, trace_parent
              FROM message_log WHERE claim_token = #{token} AND id IN
            <foreach collection="ids" item="id" open="(" separator="," close=")">#{id}</foreach>
            ORDER BY id
            </script>""")
    List<DueRow> claimed(@Param("ids") List<Long> ids, @Param("token") String token);

    /** The trace of the request that wrote the event (null without one), for a work order's action on it. */
    @Select("SELECT trace_parent FROM message_log WHERE id = #{id}")
    String traceParentOf(@Param("id") long messageLogId);

    /** Ends this run's work on a row; 0 rows when the claim was lost (lease expired and re-claimed). */
    @Update("UPDATE message_log SET reconcile_status = #{status}, retry_count = #{retryCount},"
            + " next_reconcile_time = #{next}, last_error = #{error}, claim_token = NULL"
            + " WHERE id = #{id} AND claim_token = #{token}")
    int finish(@Param("id") long id, @Param("token") String token, @Param("status") ReconcileStatus status,
               @Param("retryCount") int retryCount, @Param("next") LocalDateTime next, @Param("error") String error);

    /**
     * Locks the rows this token still holds, so that {@link #finishAll} in the same transaction
     * finishes exactly these: a row whose lease expired and was claimed by another run is left out.
     */
    @Select("""
            <script>
            SELECT id FROM message_log WHERE claim_token = #{token} AND id IN
            <foreach collection="ids" item="id" open="(" separator="," close=")">#{id}</foreach>
            ORDER BY id FOR UPDATE
            </script>""")
    List<Long> lockClaimed(@Param("ids") List<Long> ids, @Param("token") String token);

    /** {@link #finish} for many rows in one statement, each row its own values, still guarded by the claim token. */
    @Update("""
            <script>
            UPDATE message_log SET
             reconcile_status = CASE id<foreach collection="rows" item="r"> WHEN #{r.id} THEN #{r.status}</foreach> END,
             retry_count = CASE id<foreach collection="rows" item="r"> WHEN #{r.id} THEN #{r.retryCount}</foreach> END,
             next_reconcile_time = CASE id<foreach collection="rows" item="r"> WHEN #{r.id} THEN #{r.next}</foreach> END,
             last_error = CASE id<foreach collection="rows" item="r"> WHEN #{r.id} THEN #{r.error}</foreach> END,
             claim_token = NULL
             WHERE claim_token = #{token} AND id IN
            <foreach collection="rows" item="r" open="(" separator="," close=")">#{r.id}</foreach>
            </script>""")
    int finishAll(@Param("rows") List<RowFinish> rows, @Param("token") String token);

    /**
     * Puts rows back unchanged but for their due time and error, still guarded by the claim token:
     * the run could not decide them (a service it needs was unreachable), which is no retry of theirs.
     */
    @Update("""
            <script>
            UPDATE message_log SET next_reconcile_time = #{next}, last_error = #{error}, claim_token = NULL
             WHERE claim_token = #{token} AND id IN
            <foreach collection="ids" item="id" open="(" separator="," close=")">#{id}</foreach>
            </script>""")
    int defer(@Param("ids") List<Long> ids, @Param("token") String token, @Param("next") LocalDateTime next,
              @Param("error") String error);

    /** An event reconciliation has not finished goes to a work order without a claim of reconciliation's own: the relay's. */
    @Update("UPDATE message_log SET reconcile_status = 'FAIL', last_error = #{error}, claim_token = NULL"
            + " WHERE id = #{id} AND reconcile_status IN ('PENDING', 'RETRY')")
    int handOver(@Param("id") long id, @Param("error") String error);

    /** Ends a whole page of reconciled rows in one statement, still guarded by the claim token. */
    @Update("""
            <script>
            UPDATE message_log SET reconcile_status = 'SUCCESS', claim_token = NULL, last_error = NULL
             WHERE claim_token = #{token} AND id IN
            <foreach collection="ids" item="id" open="(" separator="," close=")">#{id}</foreach>
            </script>""")
    int finishReconciled(@Param("ids") List<Long> ids, @Param("token") String token);
}
