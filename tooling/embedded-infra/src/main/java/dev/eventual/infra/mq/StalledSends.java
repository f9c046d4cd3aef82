package dev.eventual.infra.mq;

import org.apache.rocketmq.broker.BrokerController;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * A broker that hangs without stopping (issue 39's "hung broker"): every thread of its send executor (which
 * stores half messages, normal messages and consumers' send-backs, on both of its ports) waits until
 * {@link #close}. The broker stays registered and accepts connections; a send is read and queued, and
 * answered only after the release, so the client waits out its send timeout. The broker's fast failure,
 * which answers SYSTEM_BUSY to a send queued for over 200 ms, is off meanwhile: what is queued is stored
 * at the release, as by a broker that recovers.
 */
public final class StalledSends implements AutoCloseable {

    private static final Duration TAKE_OR_DRAIN = Duration.ofSeconds(30);

    private final BrokerController broker;
    private final ExecutorService executor;
    private final boolean fastFailure;
    private final CountDownLatch release = new CountDownLatch(1);

    private StalledSends(BrokerController broker) {
        this.broker = broker;
        this.executor = broker.getSendMessageExecutor();
        this.fastFailure = broker.getBrokerConfig().isBrokerFastFailureEnable();
    }

    static StalledSends of(BrokerController broker) {
        StalledSends stalled = new StalledSends(broker);
        stalled.takeEveryThread();
        return stalled;
    }

    private void takeEveryThread() {
        broker.getBrokerConfig().setBrokerFastFailureEnable(false);
        int threads = ((ThreadPoolExecutor) executor).getMaximumPoolSize();
        CountDownLatch taken = new CountDownLatch(threads);
        for (int i = 0; i < threads; i++) {
            executor.execute(() -> {
                taken.countDown();
                try {
                    release.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
        }
        if (!await(taken)) {
            close();
            throw new IllegalStateException("the broker's " + threads + " send threads were not all taken within " + TAKE_OR_DRAIN);
        }
    }

    /** Lets the broker answer again; returns once every send queued meanwhile has been taken up by a thread. */
    @Override
    public void close() {
        release.countDown();
        // the queue is first in, first out: once this runs, nothing queued before it is left for fast failure to drop
        CountDownLatch drained = new CountDownLatch(1);
        executor.execute(drained::countDown);
        boolean done = await(drained);
        broker.getBrokerConfig().setBrokerFastFailureEnable(fastFailure);
        if (!done) {
            throw new IllegalStateException("the sends queued on the stalled broker were not taken up within " + TAKE_OR_DRAIN);
        }
    }

    private static boolean await(CountDownLatch latch) {
        try {
            return latch.await(TAKE_OR_DRAIN.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
