package dev.eventual.order.core.status;

/**
 * {@code message_log.msg_status}, derived from the consumer groups' reports.
 * WAITING (the local transaction committed while the broker could not store the half message: the
 * outbox's relay sends the event and marks it SENT) → SENT (local transaction committed, so the event is
 * or will be delivered) → CONSUMED (every expected group reported SUCCESS) or FAIL (a group
 * reported FAIL; becomes CONSUMED when a retry succeeds). Publish attempts that never committed are
 * not events and have no row here (tx_attempt_barrier, docs/state-machines.md).
 */
public enum MessageStatus {
    WAITING,
    SENT,
    CONSUMED,
    FAIL
}
