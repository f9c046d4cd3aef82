package dev.eventual.order.core.reconcile;

import dev.eventual.common.messaging.OrderEventType;
import dev.eventual.order.core.status.MessageStatus;
import org.apache.ibatis.annotations.Delete;
import org.apache.ibatis.annotations.Insert;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;

import java.util.Collection;
import java.util.List;

/**
 * The message_log side of recording reports: the events reported on, locked, and their derived msg_status; a
 * refusal's reopening of finished or archived events.
 */
@Mapper
interface ReportedEventMapper {

    /**
     * Serialises status reports: one locking read of a page's events, so the derived msg_status sees every
     * report. The index hint makes InnoDB lock them in order id order whatever the page size, so two pages
     * over the same orders cannot deadlock (a table scan would lock in {@code id} order instead).
     */
    @Select("""
            <script>
            SELECT id, order_id, msg_status, reconcile_status, claim_token FROM message_log
             FORCE INDEX (uk_message_log_order_event)
             WHERE event_type = #{eventType} AND order_id IN
            <foreach collection="orderIds" item="id" open="(" separator="," close=")">#{id}</foreach>
            ORDER BY order_id FOR UPDATE
            </script>""")
    List<ReportedEvent> lockAll(@Param("orderIds") Collection<Long> orderIds, @Param("eventType") OrderEventType eventType);

    @Update("""
            <script>
            UPDATE message_log SET msg_status = #{status} WHERE id IN
            <foreach collection="ids" item="id" open="(" separator="," close=")">#{id}</foreach>
            </script>""")
    int updateMsgStatuses(@Param("ids") Collection<Long> ids, @Param("status") MessageStatus status);

    /**
     * The last consumer report's change in one statement: the events become CONSUMED and, where the
     * order exists and no reconcile run holds them, are finished by the same rule ({@link SettleRule});
     * the caller has them locked. Returns the rows finished (those without an order are not changed).
     */
    @Update("<script>UPDATE message_log SET msg_status = 'CONSUMED', reconcile_status = 'SUCCESS', last_error = NULL,"
            + " version = version + 1 WHERE " + SettleRule.ORDER_EXISTS
            + " AND reconcile_status IN ('PENDING', 'RETRY') AND claim_token IS NULL"
            + " AND id IN <foreach collection=\"ids\" item=\"id\" open=\"(\" separator=\",\" close=\")\">#{id}</foreach>"
            + "</script>")
    int consumeAndFinish(@Param("ids") Collection<Long> ids);

    /**
     * Hands finished events back to reconciliation, due now with a fresh retry count: a consumer refused a late
     * delivery of them (docs/retention.md), and only reconciliation opens the work order that tells a person. Rows
     * not finished are left alone: reconciliation or a work order has them already.
     */
    @Update("<script>UPDATE message_log SET reconcile_status = 'RETRY', retry_count = 0,"
            + " next_reconcile_time = CURRENT_TIMESTAMP(3), last_error = #{reason}, version = version + 1"
            + " WHERE reconcile_status = 'SUCCESS' AND claim_token IS NULL"
            + " AND id IN <foreach collection=\"ids\" item=\"id\" open=\"(\" separator=\",\" close=\")\">#{id}</foreach>"
            + "</script>")
    int reopen(@Param("ids") Collection<Long> ids, @Param("reason") String reason);

    /**
     * Moves archived events of the given orders back into message_log, same id, as they were archived (finished);
     * the caller reopens them in the same transaction, so the archive cannot take them again meanwhile.
     */
    @Insert("<script>INSERT INTO message_log (" + ArchiveMapper.ARCHIVED_COLUMNS + ") SELECT "
            + ArchiveMapper.ARCHIVED_COLUMNS + " FROM message_log_hist WHERE event_type = #{eventType} AND order_id IN"
            + " <foreach collection=\"orderIds\" item=\"id\" open=\"(\" separator=\",\" close=\")\">#{id}</foreach></script>")
    int restoreFromHistory(@Param("orderIds") Collection<Long> orderIds, @Param("eventType") OrderEventType eventType);

    @Delete("""
            <script>
            DELETE FROM message_log_hist WHERE event_type = #{eventType} AND order_id IN
            <foreach collection="orderIds" item="id" open="(" separator="," close=")">#{id}</foreach>
            </script>""")
    int deleteFromHistory(@Param("orderIds") Collection<Long> orderIds, @Param("eventType") OrderEventType eventType);
}
