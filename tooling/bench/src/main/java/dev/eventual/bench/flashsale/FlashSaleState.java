package dev.eventual.bench.flashsale;

/**
 * What the databases hold for the flash-sale SKU once the orders have settled.
 *
 * @param settled          every order of the SKU was deducted and reported by both consumers before the wait ran out
 *                         (if not, the other numbers describe work in progress)
 * @param orders           t_order rows of the SKU (order_db)
 * @param stockLeft        the SKU's stock (inventory_db)
 * @param failedDeductions deductions of the SKU's orders that the stock refused: each would become a work
 *                         order once reconciliation's retries run out (1 h 45 min), long after the section
 * @param workOrders       reconcile_work_order rows of the SKU's orders
 */
public record FlashSaleState(boolean settled, long orders, long stockLeft, long failedDeductions, long workOrders) {
}
