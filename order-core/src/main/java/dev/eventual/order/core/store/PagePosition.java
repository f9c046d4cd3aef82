package dev.eventual.order.core.store;

import java.time.LocalDateTime;

/** A place in the reconcile scan order (shard key, due time, id): where a keyset page ends. */
public record PagePosition(int shardKey, LocalDateTime time, long id) {

    /** Before every row of a shard that starts at {@code fromKey}. */
    public static PagePosition before(int fromKey) {
        return new PagePosition(fromKey - 1, LocalDateTime.of(1970, 1, 1, 0, 0), 0);
    }
}
