package dev.eventual.scenarios;

import dev.eventual.scenarios.OrderClient.Attempt;

import java.time.Duration;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;

/**
 * Places orders from a few client threads until stopped, the way a careful client does: each order
 * has its own user and Idempotency-Key, and an attempt without a 2xx answer is retried with the same
 * key after a short back-off. Every attempt is kept so a scenario can check each key's fate.
 */
final class LoadGenerator implements AutoCloseable {

    private static final Duration CLIENT_BACKOFF = Duration.ofMillis(250);

    private final ExecutorService clients;
    private final AtomicBoolean running = new AtomicBoolean(true);
    private final ConcurrentLinkedQueue<Attempt> attempts = new ConcurrentLinkedQueue<>();

    /**
     * @param skus      SKUs to order from, uniformly
     * @param firstUser users are firstUser, firstUser + 1, ...; one order each
     * @param seed      makes each thread's SKU and quantity sequence reproducible
     */
    LoadGenerator(ChaosSuite chaos, int threads, List<Long> skus, long firstUser, String keyPrefix, long seed) {
        clients = Executors.newFixedThreadPool(threads);
        for (int t = 0; t < threads; t++) {
            int thread = t;
            clients.execute(() -> {
                Random random = new Random(seed + thread);
                for (long user = firstUser + thread; running.get(); user += threads) {
                    long sku = skus.get(random.nextInt(skus.size()));
                    int quantity = 1 + random.nextInt(3);
                    while (running.get()) {
                        Attempt attempt = chaos.orders().place(user, sku, quantity, keyPrefix + user, Duration.ofSeconds(15));
                        attempts.add(attempt);
                        if (attempt.status() / 100 == 2) {
                            break;
                        }
                        LockSupport.parkNanos(CLIENT_BACKOFF.toNanos());
                    }
                }
            });
        }
    }

    List<Attempt> soFar() {
        return List.copyOf(attempts);
    }

    int attempted() {
        return attempts.size();
    }

    long answered(int status) {
        return attempts.stream().filter(attempt -> attempt.status() == status).count();
    }

    List<Attempt> stop() throws InterruptedException {
        running.set(false);
        clients.shutdown();
        if (!clients.awaitTermination(1, TimeUnit.MINUTES)) {
            throw new IllegalStateException("load clients did not stop");
        }
        return List.copyOf(attempts);
    }

    @Override
    public void close() {
        running.set(false);
        clients.shutdownNow();
    }
}
