package dev.eventual.notice.store;

import dev.eventual.common.messaging.OrderEventType;
import org.apache.ibatis.annotations.Delete;
import org.apache.ibatis.annotations.Insert;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;

import java.util.List;

/**
 * notice_log, one row per (order, notice type) ({@code uk_notice_log_order_type}). Every statement
 * runs on its own (autocommit): no transaction is ever held open across a channel call. A PROCESSING
 * row's lease starts at {@code updated_at} (set by the claim) and lasts {@code eventual.notice.lease},
 * judged by the database clock so that every instance agrees.
 */
@Mapper
public interface NoticeLogMapper {

    /** The first claim of a notice; a duplicate key means another delivery got there first. */
    @Insert("INSERT INTO notice_log (order_id, notice_type, channel, recipient, message_id, status, attempts)"
            + " VALUES (#{orderId}, #{type}, #{channel}, #{recipient}, #{messageId}, 'PROCESSING', 1)")
    int insertClaimed(@Param("orderId") long orderId, @Param("type") OrderEventType type,
                      @Param("channel") String channel, @Param("recipient") String recipient,
                      @Param("messageId") String messageId);

    /**
     * The refusal of a notice whose event came after the retention, in place of its first claim (docs/retention.md):
     * no attempt, the reason in {@code last_error}; a duplicate key means the notice has a record, which decides.
     */
    @Insert("INSERT INTO notice_log (order_id, notice_type, channel, recipient, message_id, status, attempts, last_error)"
            + " VALUES (#{orderId}, #{type}, #{channel}, #{recipient}, #{messageId}, 'REFUSED', 0, #{refusal})")
    int insertRefused(@Param("orderId") long orderId, @Param("type") OrderEventType type,
                      @Param("channel") String channel, @Param("recipient") String recipient,
                      @Param("messageId") String messageId, @Param("refusal") String refusal);

    /**
     * Claims every notice of a batch in one statement, and refuses those whose event came after the retention in
     * the same one ({@link NoticeClaimRow#status()}): all rows go in, or none (one already exists).
     */
    @Insert("""
            <script>
            INSERT INTO notice_log (order_id, notice_type, channel, recipient, message_id, status, attempts, last_error) VALUES
            <foreach collection="claims" item="c" separator=",">
            (#{c.orderId}, #{c.type}, #{channel}, #{c.recipient}, #{c.messageId}, #{c.status}, #{c.attempts}, #{c.refusal})</foreach>
            </script>""")
    int insertClaimedAll(@Param("claims") List<NoticeClaimRow> claims, @Param("channel") String channel);

    /**
     * Records SUCCESS for the notices a batch sent, in one statement; as {@link #markSucceeded} for each. Through
     * the unique key, always: for a large batch the optimizer preferred the status index, whose scan of every
     * PROCESSING row waited on, or deadlocked with, another batch's uncommitted claims (BatchDeliveryIT).
     */
    @Update("""
            <script>
            UPDATE notice_log FORCE INDEX (uk_notice_log_order_type) SET status = 'SUCCESS', last_error = NULL
             WHERE status = 'PROCESSING' AND (order_id, notice_type) IN
            <foreach collection="claims" item="c" open="(" separator="," close=")">(#{c.orderId}, #{c.type})</foreach>
            </script>""")
    int markSucceededAll(@Param("claims") List<NoticeClaimRow> claims);

    /**
     * Gives back the first claims of notices a batch never sent (it stopped at a channel failure):
     * only rows still in their first attempt, which no other delivery may take over within the lease. Through the
     * unique key, as {@link #markSucceededAll}; a single-table DELETE takes no index hint, the multi-table form does.
     */
    @Delete("""
            <script>
            DELETE n FROM notice_log n FORCE INDEX (uk_notice_log_order_type)
             WHERE n.status = 'PROCESSING' AND n.attempts = 1 AND (n.order_id, n.notice_type) IN
            <foreach collection="claims" item="c" open="(" separator="," close=")">(#{c.orderId}, #{c.type})</foreach>
            </script>""")
    int releaseUnsent(@Param("claims") List<NoticeClaimRow> claims);

    @Select("SELECT order_id, notice_type, status, attempts, last_error, updated_at, CURRENT_TIMESTAMP(3) AS database_now"
            + " FROM notice_log WHERE order_id = #{orderId} AND notice_type = #{type}")
    NoticeLogRow find(@Param("orderId") long orderId, @Param("type") OrderEventType type);

    /**
     * Takes over a FAIL or a PROCESSING whose lease ran out; 1 row = this caller is the one sender.
     * Never matches SUCCESS nor REFUSED, and of two concurrent takers only one matches (the first one's update
     * refreshes {@code updated_at}, renewing the lease).
     */
    @Update("UPDATE notice_log SET status = 'PROCESSING', attempts = attempts + 1, channel = #{channel},"
            + " recipient = #{recipient}, message_id = #{messageId}"
            + " WHERE order_id = #{orderId} AND notice_type = #{type} AND (status = 'FAIL' OR (status = 'PROCESSING'"
            + " AND updated_at < CURRENT_TIMESTAMP(3) - INTERVAL #{leaseMicros} MICROSECOND))")
    int reclaim(@Param("orderId") long orderId, @Param("type") OrderEventType type,
                @Param("channel") String channel, @Param("recipient") String recipient,
                @Param("messageId") String messageId, @Param("leaseMicros") long leaseMicros);

    /** The channel accepted it. Whichever attempt's send succeeded, the notice went out: nothing overwrites SUCCESS. */
    @Update("UPDATE notice_log SET status = 'SUCCESS', last_error = NULL"
            + " WHERE order_id = #{orderId} AND notice_type = #{type} AND status = 'PROCESSING'")
    int markSucceeded(@Param("orderId") long orderId, @Param("type") OrderEventType type);

    /** The channel refused it for good; only the attempt that holds the claim may say so. */
    @Update("UPDATE notice_log SET status = 'FAIL', last_error = #{error}"
            + " WHERE order_id = #{orderId} AND notice_type = #{type} AND status = 'PROCESSING' AND attempts = #{attempt}")
    int markFailed(@Param("orderId") long orderId, @Param("type") OrderEventType type, @Param("attempt") int attempt,
                   @Param("error") String error);

    /**
     * Notes a technical failure and leaves the row PROCESSING. {@code updated_at} is assigned to itself,
     * which suppresses its ON UPDATE refresh: the lease keeps running from the claim, not from now.
     */
    @Update("UPDATE notice_log SET last_error = #{error}, updated_at = updated_at"
            + " WHERE order_id = #{orderId} AND notice_type = #{type} AND status = 'PROCESSING' AND attempts = #{attempt}")
    int recordTechnicalFailure(@Param("orderId") long orderId, @Param("type") OrderEventType type,
                               @Param("attempt") int attempt, @Param("error") String error);

    @Select("""
            <script>
            SELECT order_id, status FROM notice_log WHERE notice_type = #{type} AND order_id IN
            <foreach collection="orderIds" item="id" open="(" separator="," close=")">#{id}</foreach>
            </script>""")
    List<NoticeStatusRow> statuses(@Param("type") OrderEventType type, @Param("orderIds") List<Long> orderIds);
}
