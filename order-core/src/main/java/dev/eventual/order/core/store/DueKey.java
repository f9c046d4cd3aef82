package dev.eventual.order.core.store;

import dev.eventual.order.core.status.MessageStatus;

import java.time.LocalDateTime;

/** A due message_log row as a page lists it: its place in the scan order and whether its consumers are done. */
public record DueKey(long id, MessageStatus msgStatus, int shardKey, LocalDateTime nextReconcileTime) {

    public PagePosition position() {
        return new PagePosition(shardKey, nextReconcileTime, id);
    }
}
