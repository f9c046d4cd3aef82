package dev.eventual.order.core.reconcile;

import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Select;

/** The two numbers an operator watches, read when scraped. */
@Mapper
interface BacklogMapper {

    @Select("SELECT COUNT(*) FROM reconcile_work_order WHERE status = 'OPEN'")
    long openWorkOrders();

    /** 0 when nothing waits. */
    @Select("SELECT COALESCE(TIMESTAMPDIFF(SECOND, MIN(created_at), CURRENT_TIMESTAMP(3)), 0) FROM message_log"
            + " WHERE reconcile_status IN ('PENDING', 'RETRY')")
    long oldestUnreconciledSeconds();
}
