package dev.eventual.order.core.status;

/**
 * {@code message_log.msg_status}, derived from the consumer groups' reports.
 * SENT (local transaction committed, so the event is or will be delivered) → CONSUMED (every expected group reported SUCCESS) or FAIL (a group
 * reported FAIL; becomes CONSUMED when a retry succeeds). Publish attempts that never committed are
 * not events and have no row here (tx_attempt_barrier, docs/state-machines.md).
 */
public enum MessageStatus {
    SENT,
    CONSUMED,
    FAIL
}
