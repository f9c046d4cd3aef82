package dev.eventual.infra.test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/** Runs the same call from many threads released at once, for races; the answers in caller order. */
public final class Concurrently {

    private Concurrently() {
    }

    /** @throws Exception the first call's failure, if any call failed */
    public static <T> List<T> run(int callers, Call<T> call) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(callers);
        try {
            CountDownLatch start = new CountDownLatch(1);
            List<Future<T>> futures = new ArrayList<>();
            for (int i = 0; i < callers; i++) {
                int index = i;
                futures.add(pool.submit((Callable<T>) () -> {
                    start.await();
                    return call.run(index);
                }));
            }
            start.countDown();
            List<T> results = new ArrayList<>();
            for (Future<T> future : futures) {
                results.add(future.get());
            }
            return results;
        } finally {
            pool.shutdownNow();
        }
    }

    /** One caller's call; {@code index} tells the callers apart. */
    @FunctionalInterface
    public interface Call<T> {
        T run(int index) throws Exception;
    }
}
