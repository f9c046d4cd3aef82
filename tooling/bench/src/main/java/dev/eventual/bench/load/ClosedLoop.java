package dev.eventual.bench.load;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongUnaryOperator;

/**
 * Fixed concurrency: N threads, each placing its next order as soon as the last one answered. Only
 * orders sent after the warm-up and finished before the end count.
 */
public final class ClosedLoop {

    private final OrderClient client;
    private final LongUnaryOperator skuOfThread;

    /** @param skuOfThread picks the SKU of each order from a per-thread counter */
    public ClosedLoop(OrderClient client, LongUnaryOperator skuOfThread) {
        this.client = client;
        this.skuOfThread = skuOfThread;
    }

    public PlacedOrders run(int concurrency, Duration warmUp, Duration measure) {
        long start = System.nanoTime();
        long measureFrom = start + warmUp.toNanos();
        long end = measureFrom + measure.toNanos();
        AtomicLong errors = new AtomicLong();
        List<Worker> workers = new ArrayList<>();
        CountDownLatch done = new CountDownLatch(concurrency);
        for (int i = 0; i < concurrency; i++) {
            Worker worker = new Worker(1_000L + i, measureFrom, end, errors, done);
            workers.add(worker);
            Thread thread = new Thread(worker, "bench-load-" + i);
            thread.setDaemon(true);
            thread.start();
        }
        await(done);
        List<LatencyLog> ids = workers.stream().map(w -> w.ids).toList();
        return new PlacedOrders(LatencyLog.merge(ids), LatencyLog.merge(workers.stream().map(w -> w.sentAt).toList()),
                LatencyLog.merge(workers.stream().map(w -> w.latencies).toList()), errors.get(), measure.toNanos() / 1e9);
    }

    private static void await(CountDownLatch done) {
        try {
            done.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    private final class Worker implements Runnable {
        final long userId;
        final long measureFrom;
        final long end;
        final AtomicLong errors;
        final CountDownLatch done;
        final LatencyLog ids = new LatencyLog();
        final LatencyLog sentAt = new LatencyLog();
        final LatencyLog latencies = new LatencyLog();

        Worker(long userId, long measureFrom, long end, AtomicLong errors, CountDownLatch done) {
            this.userId = userId;
            this.measureFrom = measureFrom;
            this.end = end;
            this.errors = errors;
            this.done = done;
        }

        @Override
        public void run() {
            try {
                long n = 0;
                while (true) {
                    long sent = System.nanoTime();
                    if (sent >= end) {
                        return;
                    }
                    long sentMillis = System.currentTimeMillis();
                    long orderId = client.place(userId, skuOfThread.applyAsLong(userId * 1_000_003L + n++));
                    long answered = System.nanoTime();
                    if (sent < measureFrom || answered > end) {
                        continue;
                    }
                    if (orderId < 0) {
                        errors.incrementAndGet();
                        continue;
                    }
                    ids.add(orderId);
                    sentAt.add(sentMillis);
                    latencies.add(answered - sent);
                }
            } finally {
                done.countDown();
            }
        }
    }
}
