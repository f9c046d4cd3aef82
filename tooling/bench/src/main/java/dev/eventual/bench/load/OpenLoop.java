package dev.eventual.bench.load;

import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongUnaryOperator;

/**
 * A fixed arrival rate, independent of how fast answers come (no coordinated omission): order i is
 * due at start + i / rate and its clock starts then, even if a worker picks it up late.
 */
public final class OpenLoop {

    private static final int WORKERS = 128;
    /** Order i is placed by customer FIRST_CUSTOMER + i mod CUSTOMERS. */
    public static final long FIRST_CUSTOMER = 10_000L;
    public static final int CUSTOMERS = 1_000;

    private final OrderClient client;
    private final LongUnaryOperator skuOfOrder;

    public OpenLoop(OrderClient client, LongUnaryOperator skuOfOrder) {
        this.client = client;
        this.skuOfOrder = skuOfOrder;
    }

    public PlacedOrders run(double ordersPerSecond, Duration duration) {
        int total = (int) Math.max(1, Math.round(ordersPerSecond * duration.toNanos() / 1e9));
        long[] ids = new long[total];
        long[] sentAt = new long[total];
        long[] latencies = new long[total];
        AtomicLong errors = new AtomicLong();
        ExecutorService pool = Executors.newFixedThreadPool(WORKERS, r -> {
            Thread thread = new Thread(r, "bench-open-loop");
            thread.setDaemon(true);
            return thread;
        });
        long startNanos = System.nanoTime();
        long startMillis = System.currentTimeMillis();
        double intervalNanos = 1e9 / ordersPerSecond;
        for (int i = 0; i < total; i++) {
            int index = i;
            long dueNanos = startNanos + (long) (i * intervalNanos);
            sleepUntil(dueNanos);
            pool.execute(() -> {
                long orderId = client.place(FIRST_CUSTOMER + index % CUSTOMERS, skuOfOrder.applyAsLong(index));
                ids[index] = orderId;
                sentAt[index] = startMillis + (dueNanos - startNanos) / 1_000_000;
                latencies[index] = System.nanoTime() - dueNanos;
                if (orderId < 0) {
                    errors.incrementAndGet();
                }
            });
        }
        pool.shutdown();
        try {
            if (!pool.awaitTermination(2, TimeUnit.MINUTES)) {
                pool.shutdownNow();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        double seconds = (System.nanoTime() - startNanos) / 1e9;
        return compact(ids, sentAt, latencies, errors.get(), seconds);
    }

    private static PlacedOrders compact(long[] ids, long[] sentAt, long[] latencies, long errors, double seconds) {
        LatencyLog keptIds = new LatencyLog();
        LatencyLog keptSent = new LatencyLog();
        LatencyLog keptLatencies = new LatencyLog();
        for (int i = 0; i < ids.length; i++) {
            if (ids[i] > 0) {
                keptIds.add(ids[i]);
                keptSent.add(sentAt[i]);
                keptLatencies.add(latencies[i]);
            }
        }
        return new PlacedOrders(keptIds.toArray(), keptSent.toArray(), keptLatencies.toArray(), errors, seconds);
    }

    private static void sleepUntil(long dueNanos) {
        long wait = dueNanos - System.nanoTime();
        if (wait > 0) {
            try {
                TimeUnit.NANOSECONDS.sleep(wait);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
