package dev.eventual.order.core.reconcile;

import java.time.LocalDateTime;
import java.util.List;

/**
 * The CREATED orders past the unpaid timeout, as the timeout job scans them; it reads, order-service
 * cancels. An interface, so the job's own rules around the scan are tested without a database.
 */
public interface UnpaidOrders {

    /**
     * One keyset page, oldest first, of the orders on {@code server} CREATED more than {@code timeoutSeconds}
     * ago by the database clock whose shard key is in the range ({@link UnpaidOrderMapper#overdue}).
     */
    List<Overdue> overdue(int server, long timeoutSeconds, int fromKey, int toKey, Overdue after, int limit);

    /** A CREATED order past the timeout, and its place in the scan order (created_at, order_id). */
    record Overdue(long orderId, LocalDateTime createdAt) {

        /** Before every order. */
        public static Overdue first() {
            return new Overdue(0, LocalDateTime.of(1970, 1, 1, 0, 0));
        }
    }
}
