package dev.eventual.order.core.reconcile;

/**
 * The one rule by which a {@code message_log} row's reconciliation ends without a question to anyone,
 * written by both deployables of the order context: order-service when the last consumer report
 * arrives, reconcile-job when it pages over due rows. Kept here once so the two can never disagree on
 * what "settled" means (docs/state-machines.md).
 */
final class SettleRule {

    /**
     * SQL condition on {@code message_log}: every expected consumer group reported SUCCESS and the
     * order the event speaks of exists (an event whose order is missing is never settled; the
     * reconcile job asks about it).
     */
    static final String CONDITION = "msg_status = 'CONSUMED' AND " + SettleRule.ORDER_EXISTS;

    /** The rule's second half, for the statement that sets {@code msg_status = 'CONSUMED'} itself. */
    static final String ORDER_EXISTS = "EXISTS (SELECT 1 FROM t_order o WHERE o.order_id = message_log.order_id)";

    private SettleRule() {
    }
}
