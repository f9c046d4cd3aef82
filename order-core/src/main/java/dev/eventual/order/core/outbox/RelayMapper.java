package dev.eventual.order.core.outbox;

import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;

import java.time.LocalDateTime;
import java.util.List;

/** message_log as the relay works it: WAITING rows claimed, sent, marked (docs/design.md, "The outbox"). */
@Mapper
interface RelayMapper {

    /** Whether any row is due, one indexed read outside a transaction: a run with nothing to relay costs this alone. */
    @Select("SELECT EXISTS (SELECT 1 FROM message_log WHERE msg_status = 'WAITING' AND next_relay_time <= #{now})")
    boolean anyDue(@Param("now") LocalDateTime now);

    /**
     * Claims the due WAITING rows of this server, oldest due first, locked until the claim's transaction ends;
     * rows another relay holds are skipped, not waited for. A row is due only when no older event of its
     * order still waits for the relay, so an order's events reach the broker in the order they were written
     * (a cancel never before its create).
     */
    @Select("SELECT id, order_id, event_type, topic, tag, msg_key, payload, trace_parent, relay_attempts"
            + " FROM message_log m WHERE msg_status = 'WAITING' AND next_relay_time <= #{now}"
            + " AND NOT EXISTS (SELECT 1 FROM message_log o WHERE o.order_id = m.order_id AND o.id < m.id"
            + " AND o.msg_status = 'WAITING' AND o.next_relay_time IS NOT NULL)"
            + " ORDER BY next_relay_time, id LIMIT #{limit} FOR UPDATE SKIP LOCKED")
    List<WaitingRow> claimDue(@Param("now") LocalDateTime now, @Param("limit") int limit);

    /**
     * On the broker: the relay lets go of the rows, and reconciliation takes them up after its usual delay
     * (never sooner than it planned already).
     */
    @Update("""
            <script>
            UPDATE message_log SET msg_status = 'SENT', relay_attempts = relay_attempts + 1, next_relay_time = NULL,
             relayed_at = #{relayedAt}, next_reconcile_time = GREATEST(next_reconcile_time, #{reconcileAt}), last_error = NULL
             WHERE msg_status = 'WAITING' AND id IN
            <foreach collection="ids" item="id" open="(" separator="," close=")">#{id}</foreach>
            </script>""")
    int markSent(@Param("ids") List<Long> ids, @Param("relayedAt") LocalDateTime relayedAt,
                 @Param("reconcileAt") LocalDateTime reconcileAt);

    /** A failed send: the row's next try after its back-off. */
    @Update("UPDATE message_log SET relay_attempts = relay_attempts + 1, next_relay_time = #{next}, last_error = #{error}"
            + " WHERE id = #{id} AND msg_status = 'WAITING'")
    int markFailed(@Param("id") long id, @Param("next") LocalDateTime next, @Param("error") String error);

    /** The last send failed: the row is no longer the relay's (a work order takes it, in the same transaction). */
    @Update("UPDATE message_log SET relay_attempts = relay_attempts + 1, next_relay_time = NULL"
            + " WHERE id = #{id} AND msg_status = 'WAITING'")
    int letGo(@Param("id") long id);

    /**
     * The relay's backlog on this server for {@link RelayMetrics}: rows it still has to send (WAITING with a
     * relay time; a row handed to a work order has none) and the age of the oldest, in one statement. The count
     * and the oldest id come from idx_message_log_relay alone (InnoDB keeps the id in it); only the oldest row is
     * read for its created_at. Ids grow with inserts, so the lowest id is the oldest row give or take concurrent
     * transactions' milliseconds. The age is the database's clock against its own column.
     */
    @Select("SELECT w.waiting, COALESCE(TIMESTAMPDIFF(MICROSECOND, m.created_at, CURRENT_TIMESTAMP(3)), 0) / 1e6 AS oldest_seconds"
            + " FROM (SELECT COUNT(*) AS waiting, MIN(id) AS oldest FROM message_log"
            + " WHERE msg_status = 'WAITING' AND next_relay_time IS NOT NULL) w"
            + " LEFT JOIN message_log m ON m.id = w.oldest")
    Backlog backlog();

    /** @param oldestSeconds 0 when nothing waits */
    record Backlog(long waiting, double oldestSeconds) {
    }

    /** Whether an event of the order still waits for the relay: a later event of it then waits too. */
    @Select("SELECT COUNT(*) > 0 FROM message_log WHERE order_id = #{orderId} AND msg_status = 'WAITING'"
            + " AND next_relay_time IS NOT NULL")
    boolean waiting(@Param("orderId") long orderId);
}
