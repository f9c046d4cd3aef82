package dev.eventual.reconcile.retention;

import java.util.List;

/**
 * What one run of the retention cleanup did in its shard.
 *
 * @param servers       the order_db servers it worked
 * @param history       archived events (message_log_hist) deleted
 * @param workOrders    resolved work orders deleted
 * @param auditRows     their audit rows deleted
 * @param caughtUp      false when the budget ran out (or a server failed) with rows past their retention possibly left
 * @param consumers     what each consumer's cleanup came to (shard 0 only; empty for the others)
 */
public record RetentionResult(List<Integer> servers, long history, long workOrders, long auditRows, boolean caughtUp,
                              List<String> consumers) {

    public String summary() {
        return "order_db servers " + servers + ": archived events deleted " + history + ", resolved work orders "
                + workOrders + " (audit rows " + auditRows + ")" + (caughtUp ? "" : ", not caught up")
                + (consumers.isEmpty() ? "" : "; " + String.join(", ", consumers));
    }
}
