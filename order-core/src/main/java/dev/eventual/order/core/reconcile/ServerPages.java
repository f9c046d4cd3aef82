package dev.eventual.order.core.reconcile;

import dev.eventual.order.core.shard.OrderShards;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.LongSupplier;
import java.util.stream.IntStream;

/**
 * Lists over every order_db server (the work orders of the API and the console): each server gives its
 * first {@code offset + size} rows, merged here in one order. With one server its own page is the page.
 */
final class ServerPages {

    private ServerPages() {
    }

    /** A query for one server's first {@code limit} rows after skipping {@code offset}. */
    interface PageQuery<T> {
        List<T> rows(int limit, long offset);
    }

    static <T> List<T> page(OrderShards shards, Comparator<T> order, long offset, int size, PageQuery<T> query) {
        if (shards.servers() == 1) {
            return shards.on(0, () -> query.rows(size, offset));
        }
        List<T> merged = new ArrayList<>();
        for (int server = 0; server < shards.servers(); server++) {
            merged.addAll(shards.on(server, () -> query.rows(Math.toIntExact(offset + size), 0)));
        }
        return merged.stream().sorted(order).skip(offset).limit(size).toList();
    }

    static long sum(OrderShards shards, LongSupplier count) {
        return IntStream.range(0, shards.servers()).mapToLong(server -> shards.on(server, count::getAsLong)).sum();
    }
}
