package dev.eventual.reconcile.workorder;

import java.util.List;

public record WorkOrderPage(List<WorkOrderView> items, long total) {
}
