package dev.eventual.bench.flashsale;

import dev.eventual.bench.load.OrderClient;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A fixed number of orders for one SKU from a fixed number of closed-loop clients: each client sends
 * its next order as soon as the last one answered, until all are taken. Every order is a new request
 * (its own Idempotency-Key) for one unit; each client orders as its own user.
 */
final class FlashSaleLoad {

    /** Users of the flash-sale clients, apart from the other sections' users. */
    private static final long FIRST_USER = 7_000_000L;

    private final OrderClient client;

    FlashSaleLoad(OrderClient client) {
        this.client = client;
    }

    FlashSaleAnswers run(long sku, int orders, int clients) {
        FlashSaleOutcome[] outcomes = new FlashSaleOutcome[orders];
        int[] statuses = new int[orders];
        long[] latencies = new long[orders];
        AtomicInteger next = new AtomicInteger();
        CountDownLatch go = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(clients, runnable -> {
            Thread thread = new Thread(runnable, "bench-flash-sale");
            thread.setDaemon(true);
            return thread;
        });
        try {
            List<Future<?>> running = new ArrayList<>();
            for (int c = 0; c < clients; c++) {
                long user = FIRST_USER + c;
                running.add(pool.submit(() -> {
                    go.await();
                    // each index is taken by one client only: no two threads write the same slot
                    for (int i = next.getAndIncrement(); i < orders; i = next.getAndIncrement()) {
                        long sent = System.nanoTime();
                        OrderClient.Answer answer = client.send(user, sku);
                        latencies[i] = System.nanoTime() - sent;
                        statuses[i] = answer.status();
                        outcomes[i] = FlashSaleOutcome.of(answer.status(), answer.body());
                    }
                    return null;
                }));
            }
            long started = System.nanoTime();
            go.countDown();
            for (Future<?> worker : running) {
                worker.get();
            }
            // Future.get orders every client's writes before the reads below
            return new FlashSaleAnswers(outcomes, statuses, latencies, System.nanoTime() - started);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        } catch (ExecutionException e) {
            throw new IllegalStateException("a flash-sale client failed", e.getCause());
        } finally {
            pool.shutdownNow();
        }
    }
}
