package dev.eventual.order.core.reconcile;

import dev.eventual.order.core.reconcile.ReconcilePages.WorkOrderOpening;
import dev.eventual.order.core.reconcile.WorkOrders.Audit;
import dev.eventual.order.core.reconcile.WorkOrders.WorkOrder;
import org.apache.ibatis.annotations.Delete;
import org.apache.ibatis.annotations.Insert;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;

import java.time.LocalDateTime;
import java.util.Collection;
import java.util.List;

/**
 * {@code reconcile_work_order}. A work order's id, as every caller sees it, is its row id with its
 * order's logical shard in the low 10 bits ({@link #PUBLIC_ID}), like an order id: row ids count per
 * order_db server, so the row id alone would not name one work order once order_db is split, and the
 * low bits name the server to ask (docs/design.md, "Sharding order_db"). Only these statements see row ids.
 */
@Mapper
interface WorkOrderMapper {

    /** Arithmetic, not shifts and masks: the same text must also stand in MyBatis's XML scripts. */
    String PUBLIC_ID = "(id * 1024 + MOD(order_id, 1024))";
    /** The row a public id names: its row id, and its logical shard checked, so a forged id finds nothing. */
    String BY_PUBLIC_ID = "id = #{id} DIV 1024 AND MOD(order_id, 1024) = MOD(#{id}, 1024)";

    /** At most one work order per (order, event): a later exhaustion reopens it, without the previous resolution (the audit rows keep it). */
    @Insert("INSERT INTO reconcile_work_order (order_id, event_type, message_log_id, sku_id, status, reason, order_status,"
            + " inventory_status, notice_status, retry_count)"
            + " VALUES (#{orderId}, #{eventType}, #{messageLogId}, #{skuId}, 'OPEN', #{reason}, #{orderStatus}, #{inventoryStatus},"
            + " #{noticeStatus}, #{retryCount})"
            + " ON DUPLICATE KEY UPDATE status = 'OPEN', resolution = NULL, resolved_by = NULL, resolved_at = NULL,"
            + " resolution_note = NULL, reason = VALUES(reason), sku_id = VALUES(sku_id),"
            + " order_status = VALUES(order_status), inventory_status = VALUES(inventory_status),"
            + " notice_status = VALUES(notice_status), retry_count = VALUES(retry_count), open_count = open_count + 1")
    int open(WorkOrderOpening opening);

    @Select("SELECT " + PUBLIC_ID + " FROM reconcile_work_order WHERE order_id = #{orderId} AND event_type = #{eventType}")
    long idOf(@Param("orderId") long orderId, @Param("eventType") String eventType);

    @Insert("INSERT INTO reconcile_work_order_audit (work_order_id, action, operator, note, outcome, detail)"
            + " VALUES (#{workOrderId} DIV 1024, #{action}, #{operator}, #{note}, #{outcome}, #{detail})")
    int audit(@Param("workOrderId") long workOrderId, @Param("action") String action, @Param("operator") String operator,
              @Param("note") String note, @Param("outcome") String outcome, @Param("detail") String detail);

    String COLUMNS = PUBLIC_ID + " AS id, order_id, event_type, message_log_id, sku_id, status, resolution, reason, order_status,"
            + " inventory_status, notice_status, retry_count, open_count, resolved_by, resolved_at, resolution_note,"
            + " created_at, updated_at";

    @Select("SELECT " + COLUMNS + " FROM reconcile_work_order WHERE " + BY_PUBLIC_ID)
    WorkOrder find(@Param("id") long id);

    @Select("SELECT " + COLUMNS + " FROM reconcile_work_order WHERE " + BY_PUBLIC_ID + " FOR UPDATE")
    WorkOrder lock(@Param("id") long id);

    /**
     * The filters of the list and the bulk act, each optional: the SKU through {@code idx_work_order_status_sku};
     * {@code reason} matches where the work order's reason contains it (case-insensitive, as the column's
     * collation compares; LOCATE, so {@code %} and {@code _} are only characters).
     */
    String FILTER = """
            <where>
              <if test="status != null">status = #{status}</if>
              <if test="orderId != null">AND order_id = #{orderId}</if>
              <if test="skuId != null">AND sku_id = #{skuId}</if>
              <if test="eventType != null">AND event_type = #{eventType}</if>
              <if test="reason != null">AND LOCATE(#{reason}, reason) &gt; 0</if>
            </where>""";

    @Select("<script>SELECT " + COLUMNS + " FROM reconcile_work_order " + FILTER
            + " ORDER BY id DESC LIMIT #{limit} OFFSET #{offset}</script>")
    List<WorkOrder> page(@Param("status") WorkOrders.Status status, @Param("orderId") Long orderId,
                            @Param("skuId") Long skuId, @Param("eventType") String eventType, @Param("reason") String reason,
                            @Param("limit") int limit, @Param("offset") long offset);

    @Select("<script>SELECT COUNT(*) FROM reconcile_work_order " + FILTER + "</script>")
    long count(@Param("status") WorkOrders.Status status, @Param("orderId") Long orderId, @Param("skuId") Long skuId,
               @Param("eventType") String eventType, @Param("reason") String reason);

    /** The public ids of this server's first {@code limit} open work orders the filter matches, oldest first. */
    @Select("<script>SELECT " + PUBLIC_ID + " FROM reconcile_work_order " + FILTER + " ORDER BY id LIMIT #{limit}</script>")
    List<Long> ids(@Param("status") WorkOrders.Status status, @Param("orderId") Long orderId, @Param("skuId") Long skuId,
                   @Param("eventType") String eventType, @Param("reason") String reason, @Param("limit") int limit);

    @Select("SELECT id, action, operator, note, outcome, detail, created_at FROM reconcile_work_order_audit"
            + " WHERE work_order_id = #{id} DIV 1024 ORDER BY id")
    List<Audit> auditTrail(@Param("id") long workOrderId);

    @Update("UPDATE reconcile_work_order SET status = 'RESOLVED', resolution = #{action},"
            + " resolved_by = #{operator}, resolved_at = CURRENT_TIMESTAMP(3), resolution_note = #{note}"
            + " WHERE " + BY_PUBLIC_ID + " AND status = 'OPEN'")
    int resolve(@Param("id") long id, @Param("action") WorkOrders.Action action, @Param("operator") String operator,
                @Param("note") String note);

    /** Hands the event back to reconciliation: retries reset, due now. */
    @Update("UPDATE message_log SET reconcile_status = 'RETRY', retry_count = 0,"
            + " next_reconcile_time = CURRENT_TIMESTAMP(3), claim_token = NULL, last_error = NULL"
            + " WHERE id = #{id} AND reconcile_status = 'FAIL'")
    int requeue(@Param("id") long messageLogId);

    /** A person resolved it: the event counts as reconciled. */
    @Update("UPDATE message_log SET reconcile_status = 'SUCCESS', claim_token = NULL"
            + " WHERE id = #{id} AND reconcile_status = 'FAIL'")
    int closeByHand(@Param("id") long messageLogId);

    /**
     * The row ids of one batch of work orders resolved before the cutoff, oldest first, through
     * {@code idx_work_order_status_resolved} (open ones are never read); locked until deleted, so a reopening
     * waits and then opens a new work order.
     */
    @Select("SELECT id FROM reconcile_work_order WHERE status = 'RESOLVED' AND resolved_at < #{cutoff}"
            + " ORDER BY resolved_at LIMIT #{limit} FOR UPDATE")
    List<Long> resolvedBefore(@Param("cutoff") LocalDateTime cutoff, @Param("limit") int limit);

    /** The audit rows of the given work orders (row ids), through {@code idx_work_order_audit_work_order}. */
    @Delete("""
            <script>
            DELETE FROM reconcile_work_order_audit WHERE work_order_id IN
            <foreach collection="rowIds" item="id" open="(" separator="," close=")">#{id}</foreach>
            </script>""")
    int deleteAuditOf(@Param("rowIds") Collection<Long> rowIds);

    /** The given resolved work orders (row ids); an open one stays. */
    @Delete("""
            <script>
            DELETE FROM reconcile_work_order WHERE status = 'RESOLVED' AND id IN
            <foreach collection="rowIds" item="id" open="(" separator="," close=")">#{id}</foreach>
            </script>""")
    int deleteResolved(@Param("rowIds") Collection<Long> rowIds);

    /** Seconds since the oldest resolved work order left was resolved, by the database clock; null when none is left. */
    @Select("SELECT TIMESTAMPDIFF(SECOND, MIN(resolved_at), CURRENT_TIMESTAMP(3)) FROM reconcile_work_order"
            + " WHERE status = 'RESOLVED'")
    Long oldestResolvedSeconds();
}
