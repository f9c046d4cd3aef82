package dev.eventual.reconcile.workorder;

import dev.eventual.order.core.store.WorkOrderMapper;
import dev.eventual.order.core.store.WorkOrderOpening;
import dev.eventual.order.core.status.ReconcileStatus;
import dev.eventual.order.core.store.DueRowMapper;
import dev.eventual.web.Texts;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import java.time.LocalDateTime;

/** Hands an event to a person: the row becomes FAIL and its work order opens, in one transaction. */
@Service
public class WorkOrders {

    static final String OPERATOR = "reconcile-job";
    /** Reasons and errors it stores: message_log.last_error, work_order.reason, the audit detail (512 wide). */
    public static final int MAX_REASON = 500;
    private static final Logger log = LoggerFactory.getLogger(WorkOrders.class);

    private final DueRowMapper rows;
    private final WorkOrderMapper workOrders;

    public WorkOrders(DueRowMapper rows, WorkOrderMapper workOrders) {
        this.rows = rows;
        this.workOrders = workOrders;
    }

    /** @return false when the claim was lost meanwhile: another run owns the row, nothing was opened */
    @Transactional
    public boolean open(WorkOrderOpening opening, String claimToken, LocalDateTime now) {
        if (rows.finish(opening.messageLogId(), claimToken, ReconcileStatus.FAIL, opening.retryCount(), now,
                Texts.truncate(opening.reason(), MAX_REASON)) == 0) {
            return false;
        }
        boolean reopened = workOrders.open(opening) > 1;
        long id = workOrders.idOf(opening.orderId(), opening.eventType());
        workOrders.audit(id, reopened ? "REOPEN" : "OPEN", OPERATOR, null, "APPLIED",
                Texts.truncate(opening.reason(), MAX_REASON));
        log.warn("Order {}: {} handed to work order {} after {} retries: {}", opening.orderId(), opening.eventType(), id,
                opening.retryCount(), opening.reason());
        return true;
    }
}
