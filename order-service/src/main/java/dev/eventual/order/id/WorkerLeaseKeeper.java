package dev.eventual.order.id;

import dev.eventual.order.core.leases.WorkerLeases;
import dev.eventual.order.core.leases.WorkerLeases.Lease;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Clock;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Holds this instance's snowflake worker id on one order_db server as a lease in that server's
 * {@code order_worker_lease} (ids carry their server's logical shard, so a worker id need be unique
 * per server only, and a server that is down stops only its own customers' orders): takes one at
 * start (a configured {@code eventual.order.worker-id} only if free, else the service refuses to
 * start), renews it every {@code renew-interval}, and frees it on shutdown, after the web server
 * has drained. A lease that could not be renewed in time, or was taken over, stops {@link SnowflakeIds}
 * until a lease is held again: order placement answers 503 meanwhile.
 */
class WorkerLeaseKeeper {

    private static final Logger log = LoggerFactory.getLogger(WorkerLeaseKeeper.class);
    /** Candidates read per attempt: enough that instances starting together rarely all want the same one. */
    private static final int CANDIDATES = 8;
    private static final int TAKE_ATTEMPTS = 16;

    private final int server;
    private final WorkerLeases leases;
    private final SnowflakeIds ids;
    private final Integer configuredWorkerId;
    private final WorkerIdProperties.WorkerLease timing;
    private final Clock clock;
    private final String holder = thisInstance();
    private final Counter renewalFailures;
    private final Counter lost;
    private volatile ScheduledExecutorService scheduler;
    /** Set first thing in {@link #stop()}: a renewal thread still running then must not start minting again. */
    private volatile boolean stopping;
    /** The worker id this instance holds a lease on, or -1; written by the lifecycle and the renewal thread. */
    private volatile int held = -1;
    /** When the lease held runs out here: for the gauge, and to tell when a renewal came too late. */
    private volatile long deadlineNanos;

    WorkerLeaseKeeper(int server, WorkerLeases leases, SnowflakeIds ids,
                      WorkerIdProperties properties, Clock clock, MeterRegistry registry) {
        this.server = server;
        this.leases = leases;
        this.ids = ids;
        this.configuredWorkerId = properties.workerId();
        this.timing = properties.workerLease();
        this.clock = clock;
        String serverTag = Integer.toString(server);
        Gauge.builder("eventual.order.worker-id", () -> System.nanoTime() - deadlineNanos < 0 ? held : -1)
                .description("snowflake worker id this instance holds a lease on, per order_db server; -1: none,"
                        + " that server's orders are refused")
                .tag("server", serverTag).register(registry);
        this.renewalFailures = Counter.builder("eventual.order.worker-lease.renewal-failures")
                .description("renewals of the worker id lease that failed (database unreachable)")
                .tag("server", serverTag).register(registry);
        this.lost = Counter.builder("eventual.order.worker-lease.lost")
                .description("worker id leases found taken over by another instance").tag("server", serverTag).register(registry);
    }

    SnowflakeIds ids() {
        return ids;
    }

    void start() {
        stopping = false;
        if (!takeLease()) {
            throw new IllegalStateException(whyNoneTaken());
        }
        ScheduledExecutorService renewals = Executors.newSingleThreadScheduledExecutor(runnable -> {
            Thread thread = new Thread(runnable, "worker-lease-" + server);
            thread.setDaemon(true);
            return thread;
        });
        long interval = timing.renewInterval().toMillis();
        renewals.scheduleWithFixedDelay(this::keep, interval, interval, TimeUnit.MILLISECONDS);
        scheduler = renewals;
    }

    void stop() {
        stopping = true;
        scheduler.shutdownNow();
        try {
            // a renewal stuck on an unreachable database must not hold up the shutdown for long
            scheduler.awaitTermination(timing.renewInterval().toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        scheduler = null;
        int workerId;
        long lastMillis;
        synchronized (this) {
            workerId = held;
            held = -1;
            lastMillis = ids.revoke();
        }
        if (workerId >= 0) {
            release(workerId, lastMillis);
        }
    }

    boolean isRunning() {
        return scheduler != null;
    }

    /** One renewal tick: renew what is held, or try to take a lease when none is. */
    private void keep() {
        try {
            int workerId = held;
            if (workerId < 0) {
                if (!takeLease()) {
                    log.warn("Still no worker id lease, orders are refused: {}", whyNoneTaken());
                }
                return;
            }
            LeaseTerm term = LeaseTerm.startingAt(clock.millis(), System.nanoTime(), timing.duration());
            if (leases.renew(server, workerId, holder, micros(), term.ceilingMillis())) {
                ids.extend(workerId, term);
                long lateNanos = System.nanoTime() - deadlineNanos;
                if (lateNanos >= 0) {
                    log.warn("Worker id {}: lease renewed {} ms after it had run out here; orders were refused meanwhile",
                            workerId, lateNanos / 1_000_000);
                }
                deadlineNanos = term.deadlineNanos();
                return;
            }
            ids.revoke();
            held = -1;
            lost.increment();
            Lease row = leases.find(server, workerId);
            log.error("Worker id {} was taken over by {} (its lease ran out unrenewed); no ids until a lease is held again",
                    workerId, row == null ? "?" : row.holder());
            if (takeLease()) {
                log.info("Orders accepted again under worker id {}", held);
            }
        } catch (RuntimeException e) {
            if (held < 0) {
                log.warn("No worker id lease, orders are refused: could not take one ({})", e.toString());
            } else {
                renewalFailures.increment();
                log.warn("Worker id {}: lease not renewed ({}); orders are refused once it runs out", held, e.toString());
            }
        }
    }

    /** @return whether a lease is held now (and {@link SnowflakeIds} mints under it) */
    private boolean takeLease() {
        for (int attempt = 0; attempt < TAKE_ATTEMPTS; attempt++) {
            List<Lease> candidates = candidates();
            if (candidates.isEmpty()) {
                return false;
            }
            for (Lease candidate : candidates) {
                if (tryTake(candidate)) {
                    return true;
                }
            }
        }
        return false;
    }

    private List<Lease> candidates() {
        // a floor this far ahead of our clock would mean waiting for it: the clock is wrong, not the lease
        long maxFloor = clock.millis() + SnowflakeIds.MAX_BACKWARD_MILLIS;
        if (configuredWorkerId == null) {
            return leases.free(server, maxFloor, CANDIDATES);
        }
        Lease row = leases.find(server, configuredWorkerId);
        return row == null || row.live() || row.maxMillis() > maxFloor ? List.of() : List.of(row);
    }

    private boolean tryTake(Lease candidate) {
        LeaseTerm term = LeaseTerm.startingAt(clock.millis(), System.nanoTime(), timing.duration());
        if (!leases.take(server, candidate, holder, micros(), term.ceilingMillis())) {
            return false;
        }
        synchronized (this) {
            if (stopping) {
                release(candidate.workerId(), candidate.maxMillis());
                return false;
            }
            ids.assign(candidate.workerId(), candidate.maxMillis(), term);
            deadlineNanos = term.deadlineNanos();
            held = candidate.workerId();
        }
        log.info("Worker id {} taken by {} (order_db server {}, lease {}, renewed every {}); order ids are minted under it",
                candidate.workerId(), holder, server, timing.duration(), timing.renewInterval());
        return true;
    }

    private void release(int workerId, long lastMillis) {
        try {
            leases.release(server, workerId, holder, lastMillis);
            log.info("Worker id {} released by {} (order_db server {})", workerId, holder, server);
        } catch (RuntimeException e) {
            log.warn("Worker id {} not released ({}); it is free again when its lease runs out", workerId, e.toString());
        }
    }

    /** The clear reason no lease could be taken, naming the holder of a configured worker id. */
    private String whyNoneTaken() {
        if (configuredWorkerId == null) {
            int live = leases.countLive(server);
            int all = SnowflakeIds.MAX_WORKER_ID + 1;
            return "no free snowflake worker id: " + live + " of " + all + " are leased by live instances"
                    + (live < all ? ", the others were last used by instances whose clocks run more than "
                    + SnowflakeIds.MAX_BACKWARD_MILLIS + " ms ahead of this one's (fix the clock: NTP)" : "");
        }
        Lease row = leases.find(server, configuredWorkerId);
        if (row == null) {
            return "eventual.order.worker-id=" + configuredWorkerId + " has no row in order_worker_lease";
        }
        if (row.live()) {
            return "eventual.order.worker-id=" + configuredWorkerId + " is leased by " + row.holder() + " until "
                    + row.expiresAt() + " (database time); stop that instance, or leave eventual.order.worker-id"
                    + " unset to take any free worker id";
        }
        return "eventual.order.worker-id=" + configuredWorkerId + " was last used up to epoch millisecond "
                + row.maxMillis() + ", more than " + SnowflakeIds.MAX_BACKWARD_MILLIS
                + " ms ahead of this instance's clock; fix the clock (NTP)";
    }

    /** host/pid/random: the random part tells two starts in one process (tests) or a reused pid apart. */
    private static String thisInstance() {
        String host = System.getenv("HOSTNAME");
        if (host == null || host.isBlank()) {
            try {
                host = InetAddress.getLocalHost().getHostName();
            } catch (UnknownHostException e) {
                host = "unknown-host";
            }
        }
        return host.substring(0, Math.min(host.length(), 200)) + "/" + ProcessHandle.current().pid() + "/"
                + UUID.randomUUID().toString().substring(0, 8);
    }

    private long micros() {
        return timing.duration().toNanos() / 1_000;
    }
}
