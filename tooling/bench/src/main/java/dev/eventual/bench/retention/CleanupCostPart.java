package dev.eventual.bench.retention;

import dev.eventual.bench.BenchOptions;
import dev.eventual.bench.BenchSuite;
import dev.eventual.bench.cost.BoxCpu;
import dev.eventual.bench.cost.BoxProbe;
import dev.eventual.bench.cost.CostBlock;
import dev.eventual.bench.cost.FixedRateLoad;
import dev.eventual.bench.cost.LoadRun;
import dev.eventual.bench.cost.Requests;
import dev.eventual.bench.load.OpenLoop;
import dev.eventual.bench.resources.CpuMeter;
import dev.eventual.bench.resources.CpuPart;
import dev.eventual.bench.resources.CpuWindow;
import dev.eventual.bench.retention.CleanupCost.Block;
import dev.eventual.bench.retention.CleanupCost.Window;
import dev.eventual.infra.db.ServiceDatabase;
import dev.eventual.launcher.SuiteService;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The retention cleanup's cost to the order path, after the soak (issue 42; tooling/bench/README.md, section 11):
 * blocks of two windows of orders at the soak's rate, one with the cleanup deleting rows all through it and one with
 * nothing to delete, in an order that alternates by block, between two box-speed probes as section 9's blocks.
 * <p>
 * reconcile-job's retention cannot be paused (its scheduler runs every 10 s, {@link RetentionSection#SHORT_RETENTION},
 * and has no call to start or stop it), so the windows are told apart by the rows' ages instead. Before each window
 * (outside its CPU) one UPDATE per cleaned table sets the time its cleanup judges by on every row older than the
 * window's start: for an on-window to ages that pass the retention one after the other over the window (a row's
 * place in the window from a hash of its key), for an off-window to an hour ahead, so that no retention passes for
 * them whatever the window and its wait for consistency last. So over an on-window the consumers'
 * cleanup calls, made by this part every second as reconcile-job makes them (its token, its horizon), and
 * reconcile-job's own runs keep finding rows to delete; over an off-window they find none. Both windows have the same
 * scheduled runs, the same archive and the same UPDATE before them.
 */
final class CleanupCostPart {

    /** Between the UPDATEs and the window: they finish, and the on-window's first rows pass their retention. */
    private static final Duration PREPARE = Duration.ofSeconds(4);
    private static final Duration CALL_EVERY = Duration.ofSeconds(1);
    /** Connections of the fixed-rate generator, as section 9's. */
    private static final int CONNECTIONS = 32;
    /** The soak's customers (signed in before it), 16 of them as in section 9. */
    private static final int USERS = 16;
    /** How far ahead of its start an off-window sets its backlog's times. */
    private static final Duration YOUNG = Duration.ofHours(1);
    /** Spread of the on-window's rows: a row passes its retention at (its key's hash mod this) / this of the window. */
    private static final int SLOTS = 1000;

    private static final Logger log = LoggerFactory.getLogger(CleanupCostPart.class);

    /** A cleaned table: where it lives, the time its cleanup judges by, a key to spread its rows, its retention. */
    record Table(String name, ServiceDatabase database, String ageColumn, String key, Duration retention) {

        /** Every backlog row passes its retention between start + lead and start + lead + window. */
        String age(String start, Duration lead, Duration window) {
            return "UPDATE " + name + " SET " + ageColumn + " = " + at(start) + " - INTERVAL " + micros(retention)
                    + " MICROSECOND + INTERVAL (" + micros(lead) + " + (CRC32(" + key + ") MOD " + SLOTS + ") * "
                    + micros(window) / SLOTS + ") MICROSECOND WHERE " + backlog(start);
        }

        /**
         * Every backlog row made {@link #YOUNG} younger than the window's start: no retention passes for it however
         * long the window's wait for consistency runs.
         */
        String young(String start) {
            return "UPDATE " + name + " SET " + ageColumn + " = " + at(start) + " + INTERVAL " + YOUNG.toMinutes()
                    + " MINUTE WHERE " + backlog(start);
        }

        String countBacklog(String start) {
            return "SELECT COUNT(*) FROM " + name + " WHERE " + backlog(start);
        }

        /**
         * A window's backlog: every row of the table older than its start, and those an earlier off-window made young
         * (more than half of {@link #YOUNG} ahead: no row gets such a time otherwise, and the part ends long before).
         */
        private String backlog(String start) {
            return "(" + ageColumn + " < " + at(start) + " OR " + ageColumn + " >= " + at(start) + " + INTERVAL "
                    + YOUNG.toMinutes() / 2 + " MINUTE)";
        }

        private static String at(String timestamp) {
            return "CAST('" + timestamp + "' AS DATETIME(3))";
        }

        private static long micros(Duration duration) {
            return duration.toNanos() / 1000;
        }
    }

    private final BenchSuite suite;
    private final BenchOptions options;
    private final CpuMeter cpu;
    private final List<Table> tables;
    /**
     * A caller of the consumers' cleanup as reconcile-job calls it (the consumer's path, reconcile-job's horizon and
     * a token of its own, fetched once: a token lives 5 minutes), failing on an error answer.
     */
    private final Supplier<Consumer<SuiteService>> cleanupCallers;

    CleanupCostPart(BenchSuite suite, BenchOptions options, CpuMeter cpu, List<Table> tables,
                    Supplier<Consumer<SuiteService>> cleanupCallers) {
        this.suite = suite;
        this.options = options;
        this.cpu = cpu;
        this.tables = tables;
        this.cleanupCallers = cleanupCallers;
    }

    CleanupCost run() {
        List<Block> blocks = new ArrayList<>();
        try (BoxProbe probe = new BoxProbe()) {
            for (int b = 0; b < options.retentionCostBlocks(); b++) {
                blocks.add(block(b, probe));
            }
        }
        CleanupCost result = CleanupCost.of(options.retentionRate(), options.retentionCostWindow().toMillis() / 1e3,
                blocks);
        log.info("retention cost: {} of {} blocks kept; {}", result.keptBlocks(), blocks.size(), result.figures());
        return result;
    }

    private Block block(int index, BoxProbe probe) {
        double before = probe.millis();
        BoxCpu boxBefore = BoxCpu.now();
        List<Boolean> order = index % 2 == 0 ? List.of(false, true) : List.of(true, false);
        Map<Boolean, Window> windows = new LinkedHashMap<>();
        for (boolean on : order) {
            windows.put(on, window(on));
        }
        double steal = BoxCpu.now().stealPercentSince(boxBefore);
        double after = probe.millis();
        Block block = new Block(index, order.stream().map(on -> on ? "on" : "off").toList(), before, after, steal,
                CostBlock.dropReason(before, after, steal), windows.get(false), windows.get(true));
        log.info("retention cost block {} ({}): probes {} / {} ms, steal {} %{}; SUT CPU per order off {} ms, on {} ms"
                        + " ({} rows deleted, {} cleanup calls); p99 off {} ms, on {} ms", index, block.order(),
                Math.round(before), Math.round(after), String.format("%.2f", steal),
                block.dropped() == null ? "" : ", dropped: " + block.dropped(), fmt(block.off().sutCpuMsPerOrder()),
                fmt(block.on().sutCpuMsPerOrder()), block.on().rowsDeletedTotal(), block.on().cleanupCalls(),
                fmt(block.off().latency().p99Ms()), fmt(block.on().latency().p99Ms()));
        return block;
    }

    /** One window: its rows aged or made young, then the orders and their wait for consistency, CPU over both. */
    private Window window(boolean on) {
        Duration length = options.retentionCostWindow();
        String start = databaseNow();
        long prepared = System.nanoTime();
        for (Table table : tables) {
            suite.update(table.database(), on ? table.age(start, PREPARE, length) : table.young(start));
        }
        long wait = prepared + PREPARE.toNanos() - System.nanoTime();
        if (wait > 0) {
            BenchSuite.sleep(Duration.ofNanos(wait));
        } else {
            log.warn("retention cost: the UPDATEs took longer than {}; some rows passed their retention before the window",
                    PREPARE);
        }
        Map<String, Long> backlog = backlog(start);
        // the token before the window: its sign-in is no part of the cleanup's cost
        Consumer<SuiteService> call = on ? cleanupCallers.get() : null;
        CpuMeter.Reading cpuBefore = cpu.read();
        Caller caller = on ? new Caller(call) : null;
        LoadRun load;
        try {
            load = new FixedRateLoad(suite.port(SuiteService.ORDER), CONNECTIONS).run(
                    Requests.orders("retention-" + (on ? "on" : "off") + System.nanoTime(), OpenLoop.FIRST_CUSTOMER,
                            USERS, i -> BenchSuite.FIRST_SKU + i % BenchSuite.SKUS, suite.customerTokens()),
                    options.retentionRate(), length);
        } finally {
            if (caller != null) {
                caller.stop();
            }
        }
        boolean settled = suite.awaitConsumed(options.drain());
        CpuWindow used = cpu.read().since(cpuBefore);
        Map<String, Long> left = backlog(start);
        Map<String, Long> deleted = new LinkedHashMap<>();
        backlog.forEach((table, rows) -> deleted.put(table, rows - left.get(table)));
        long orders = load.count(201);
        Map<String, Double> byPart = new LinkedHashMap<>();
        for (CpuPart part : CpuPart.values()) {
            if (part.sut()) {
                byPart.put(part.label(), orders == 0 ? 0 : used.nanos(part) / 1e6 / orders);
            }
        }
        double sutMs = used.sutNanos() / 1e6;
        return new Window(on, used.seconds(), orders, load.byStatus(), settled, sutMs, orders == 0 ? 0 : sutMs / orders,
                byPart, load.latency(201), backlog, deleted, caller == null ? 0 : caller.calls.get(),
                caller == null ? 0 : caller.failed.get());
    }

    private Map<String, Long> backlog(String start) {
        Map<String, Long> rows = new LinkedHashMap<>();
        for (Table table : tables) {
            rows.put(table.name(), suite.count(table.database(), table.countBacklog(start)));
        }
        return rows;
    }

    /** The database's clock (UTC, the one the consumers' cleanup judges by; reconcile-job's is the box's, UTC too). */
    private String databaseNow() {
        try (Connection connection = suite.connect(ServiceDatabase.ORDER); Statement sql = connection.createStatement();
             ResultSet now = sql.executeQuery("SELECT DATE_FORMAT(UTC_TIMESTAMP(3), '%Y-%m-%d %H:%i:%s.%f')")) {
            now.next();
            return now.getString(1);
        } catch (SQLException e) {
            throw new IllegalStateException("reading the database's clock", e);
        }
    }

    private static String fmt(double value) {
        return String.format("%.3f", value);
    }

    /**
     * The consumers' cleanup, called every second over an on-window, on a thread named as a load generator's so
     * schedstat counts it apart from the system under test (reconcile-job makes these calls in production: a call a
     * second, its CPU small beside the services' deletes).
     */
    private final class Caller {

        private final AtomicInteger calls = new AtomicInteger();
        private final AtomicInteger failed = new AtomicInteger();
        private final Consumer<SuiteService> cleanupCall;
        private volatile boolean stopped;
        private final Thread thread;

        Caller(Consumer<SuiteService> cleanupCall) {
            this.cleanupCall = cleanupCall;
            thread = new Thread(this::loop, "bench-load-cleanup");
            thread.setDaemon(true);
            thread.start();
        }

        private void loop() {
            while (!stopped) {
                long next = System.nanoTime() + CALL_EVERY.toNanos();
                for (SuiteService service : List.of(SuiteService.INVENTORY, SuiteService.NOTICE)) {
                    calls.incrementAndGet();
                    try {
                        cleanupCall.accept(service);
                    } catch (RuntimeException e) {
                        failed.incrementAndGet();
                        log.warn("retention cost: {} cleanup call failed: {}", service, e.toString());
                    }
                }
                long wait = next - System.nanoTime();
                if (wait > 0 && !stopped) {
                    BenchSuite.sleep(Duration.ofNanos(wait));
                }
            }
        }

        void stop() {
            stopped = true;
            try {
                thread.join(Duration.ofMinutes(1).toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
