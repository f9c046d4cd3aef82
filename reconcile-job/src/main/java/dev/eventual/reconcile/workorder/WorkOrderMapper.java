package dev.eventual.reconcile.workorder;

import org.apache.ibatis.annotations.Insert;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;

@Mapper
public interface WorkOrderMapper {

    /** At most one work order per (order, event): a later exhaustion reopens it. */
    @Insert("INSERT INTO reconcile_work_order (order_id, event_type, message_log_id, status, reason, order_status,"
            + " inventory_status, notice_status, retry_count)"
            + " VALUES (#{orderId}, #{eventType}, #{messageLogId}, 'OPEN', #{reason}, #{orderStatus}, #{inventoryStatus},"
            + " #{noticeStatus}, #{retryCount})"
            + " ON DUPLICATE KEY UPDATE status = 'OPEN', resolution = NULL, reason = VALUES(reason),"
            + " order_status = VALUES(order_status), inventory_status = VALUES(inventory_status),"
            + " notice_status = VALUES(notice_status), retry_count = VALUES(retry_count), open_count = open_count + 1")
    int open(WorkOrderOpening opening);

    @Select("SELECT id FROM reconcile_work_order WHERE order_id = #{orderId} AND event_type = #{eventType}")
    long idOf(@Param("orderId") long orderId, @Param("eventType") String eventType);

    @Insert("INSERT INTO reconcile_work_order_audit (work_order_id, action, operator, note, outcome, detail)"
            + " VALUES (#{workOrderId}, #{action}, #{operator}, #{note}, #{outcome}, #{detail})")
    int audit(@Param("workOrderId") long workOrderId, @Param("action") String action, @Param("operator") String operator,
              @Param("note") String note, @Param("outcome") String outcome, @Param("detail") String detail);
}
