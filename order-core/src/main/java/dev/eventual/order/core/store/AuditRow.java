package dev.eventual.order.core.store;

import java.time.LocalDateTime;

/** A row of {@code reconcile_work_order_audit}: who did what, when, with which outcome. */
public record AuditRow(long id, String action, String operator, String note, String outcome, String detail,
                       LocalDateTime createdAt) {
}
