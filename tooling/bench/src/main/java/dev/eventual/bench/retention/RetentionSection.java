package dev.eventual.bench.retention;

import dev.eventual.bench.BenchOptions;
import dev.eventual.bench.BenchSuite;
import dev.eventual.bench.load.OpenLoop;
import dev.eventual.bench.load.OrderClient;
import dev.eventual.bench.load.PlacedOrders;
import dev.eventual.bench.resources.CpuMeter;
import dev.eventual.bench.retention.RetentionResult.CleanupRate;
import dev.eventual.bench.retention.RetentionResult.Flatness;
import dev.eventual.bench.retention.RetentionResult.Sample;
import dev.eventual.bench.retention.RetentionResult.TableSize;
import dev.eventual.infra.db.ServiceDatabase;
import dev.eventual.launcher.SuiteService;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.LongFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Section {@code retention} (issue 42, docs/retention.md): the suite runs with every retention set to minutes
 * ({@link #SHORT_RETENTION}), orders come at a fixed rate for {@code --retention-soak}, and every table's row count is
 * sampled; once every retention has passed, each cleaned table's count must stay flat. Then, from the tables as
 * the soak left them: rows and bytes per order of each table, and the rate at which each cleanup deletes a backlog
 * (every remaining row made older than its retention in one UPDATE, then deleted by the suite's own cleanup).
 * Last, unless {@code --retention-cost-blocks=0}, the cleanup's cost to the order path ({@link CleanupCostPart}).
 */
public final class RetentionSection {

    /** How long the consumers keep a record untouched, in {@link #SHORT_RETENTION}. */
    private static final Duration CONSUMER_KEEP = Duration.ofMinutes(2);
    /** How long reconcile-job keeps an archived event, in {@link #SHORT_RETENTION}. */
    private static final Duration HISTORY = Duration.ofMinutes(1);

    /**
     * The soak's retentions, each as short as its floor allows: the consumers keep records 2 minutes (their floor:
     * 30 s upstream + 40 s of 2 redeliveries + no dead letters + 2 x 5 s skew = 80 s), reconcile-job re-drives
     * within 15 s (5 retries 2 s apart, a 5 s claim lease), archives after 1 minute and keeps the history and
     * resolved work orders 1 minute; both cleanups run every 10 s.
     */
    public static final List<String> SHORT_RETENTION = List.of(
            "--eventual.consumer.retention.keep=" + CONSUMER_KEEP.toSeconds() + "s",
            "--eventual.consumer.retention.upstream-horizon=30s",
            "--eventual.consumer.retention.dlq-reserve=0s",
            "--eventual.consumer.retention.skew-allowance=5s",
            "--eventual.inventory.max-reconsume-times=2",
            "--eventual.notice.max-reconsume-times=2",
            "--eventual.reconcile.backoff=2s",
            "--eventual.reconcile.jitter=0",
            "--eventual.reconcile.claim-lease=5s",
            "--eventual.reconcile.takeover-grace=0s",
            "--eventual.reconcile.archive-after=1m",
            "--eventual.reconcile.archive-interval=10s",
            "--eventual.reconcile.retention.history=" + HISTORY.toSeconds() + "s",
            "--eventual.reconcile.retention.resolved-work-orders=1m",
            "--eventual.reconcile.retention.interval=10s");
    /** The longest way a row takes to its cleaning, with the soak's settings: 1 min archive + 1 min history + runs. */
    private static final Duration SETTLED = Duration.ofMinutes(3);
    private static final Duration SAMPLE_EVERY = Duration.ofSeconds(15);
    private static final double TOLERANCE = 0.25;
    private static final Duration CLEANUP_TIMEOUT = Duration.ofMinutes(3);
    private static final long RECONCILE_HORIZON_SECONDS = 15;

    private static final Logger log = LoggerFactory.getLogger(RetentionSection.class);
    private static final Map<String, ServiceDatabase> TABLES = tables();
    private static final List<String> KEPT_FOR_EVER = List.of("t_order");
    private static final Pattern REMOVED = Pattern.compile("\"removed\"\\s*:\\s*(\\d+)");
    private static final Pattern CAUGHT_UP = Pattern.compile("\"caughtUp\"\\s*:\\s*(true|false)");

    /** The cleaned tables of the cost part, each by the time its cleanup judges by. */
    private static final List<CleanupCostPart.Table> COST_TABLES = List.of(
            new CleanupCostPart.Table("inventory_deduct_log", ServiceDatabase.INVENTORY, "updated_at", "order_id",
                    CONSUMER_KEEP),
            new CleanupCostPart.Table("notice_log", ServiceDatabase.NOTICE, "updated_at", "id", CONSUMER_KEEP),
            new CleanupCostPart.Table("message_log_hist", ServiceDatabase.ORDER, "archived_at", "id", HISTORY));
    private static final Map<SuiteService, String> CLEANUP_PATHS = Map.of(
            SuiteService.INVENTORY, "/internal/inventory/cleanup", SuiteService.NOTICE, "/internal/notices/cleanup");

    private final BenchSuite suite;
    private final BenchOptions options;
    private final CpuMeter cpu;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    /** @param cpu the system under test's CPU, for the cleanup's cost to the order path */
    public RetentionSection(BenchSuite suite, BenchOptions options, CpuMeter cpu) {
        this.suite = suite;
        this.options = options;
        this.cpu = cpu;
    }

    private static Map<String, ServiceDatabase> tables() {
        Map<String, ServiceDatabase> tables = new LinkedHashMap<>();
        for (String table : List.of("t_order", "message_log", "message_consumer_status", "tx_attempt_barrier",
                "message_log_hist", "reconcile_work_order", "reconcile_work_order_audit")) {
            tables.put(table, ServiceDatabase.ORDER);
        }
        tables.put("inventory_deduct_log", ServiceDatabase.INVENTORY);
        tables.put("notice_log", ServiceDatabase.NOTICE);
        return tables;
    }

    public RetentionResult run() {
        double rate = options.retentionRate();
        Duration soak = options.retentionSoak();
        // the open loop's customers signed in one after the other first: 128 workers signing in at once overrun the
        // authorization server (and its sign-in guessing guard) before a single order is placed
        LongFunction<String> tokens = suite.customerTokens();
        for (long customer = OpenLoop.FIRST_CUSTOMER; customer < OpenLoop.FIRST_CUSTOMER + OpenLoop.CUSTOMERS; customer++) {
            tokens.apply(customer);
        }
        List<Sample> samples = new CopyOnWriteArrayList<>();
        long started = System.nanoTime();
        ScheduledExecutorService sampler = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread thread = new Thread(r, "bench-retention-sampler");
            thread.setDaemon(true);
            return thread;
        });
        sampler.scheduleAtFixedRate(() -> samples.add(sample(started)), 0, SAMPLE_EVERY.toMillis(), TimeUnit.MILLISECONDS);
        OpenLoop load = new OpenLoop(new OrderClient(suite.port(SuiteService.ORDER), suite.customerTokens()),
                n -> BenchSuite.FIRST_SKU + Math.floorMod(n * 7919L, BenchSuite.SKUS));
        PlacedOrders placed;
        try {
            placed = load.run(rate, soak);
        } finally {
            sampler.shutdown();
            awaitTermination(sampler);
        }
        log.info("retention: {} orders placed at {}/s over {} s, {} not placed", placed.placed(), Math.round(rate),
                soak.toSeconds(), placed.errors());
        suite.awaitConsumed(options.drain());
        double flatFrom = SETTLED.toSeconds();
        List<Flatness> flatness = flatness(samples, flatFrom);
        flatness.forEach(f -> log.info("retention: {}", f));
        List<TableSize> sizes = TABLES.keySet().stream().map(this::size).toList();
        sizes.forEach(s -> log.info("retention: {}", s));
        List<CleanupRate> cleanups = List.of(
                consumerCleanup("inventory_deduct_log", SuiteService.INVENTORY),
                consumerCleanup("notice_log", SuiteService.NOTICE),
                jobCleanup("message_log_hist", "archived_at"));
        cleanups.forEach(c -> log.info("retention: {}", c));
        CleanupCost cost = options.retentionCostBlocks() == 0 ? null
                : new CleanupCostPart(suite, options, cpu, COST_TABLES, this::cleanupCaller).run();
        return new RetentionResult(placed.ordersPerSecond(), soak.toMillis() / 1e3, flatFrom, placed.placed(),
                placed.errors(), List.copyOf(samples), flatness, sizes, cleanups, cost);
    }

    private Sample sample(long started) {
        Map<String, Long> rows = new LinkedHashMap<>();
        TABLES.forEach((table, database) -> rows.put(table, suite.count(database, "SELECT COUNT(*) FROM " + table)));
        return new Sample((System.nanoTime() - started) / 1e9, rows);
    }

    private static List<Flatness> flatness(List<Sample> samples, double flatFrom) {
        List<Flatness> result = new ArrayList<>();
        for (String table : TABLES.keySet()) {
            List<Long> judged = samples.stream().filter(s -> s.seconds() >= flatFrom).map(s -> s.rows().get(table)).toList();
            if (judged.isEmpty()) {
                continue;
            }
            long min = judged.stream().mapToLong(Long::longValue).min().orElseThrow();
            long max = judged.stream().mapToLong(Long::longValue).max().orElseThrow();
            double mean = judged.stream().mapToLong(Long::longValue).average().orElseThrow();
            double firstHalf = judged.subList(0, judged.size() / 2).stream().mapToLong(Long::longValue).average().orElse(0);
            double secondHalf = judged.subList(judged.size() / 2, judged.size()).stream().mapToLong(Long::longValue)
                    .average().orElse(0);
            boolean keptForEver = KEPT_FOR_EVER.contains(table);
            // the cleanups run every 10 s in batches, so counts saw-tooth: a table is growing when the judged window's
            // second half holds more than TOLERANCE above its first (t_order, kept for ever, shows about 1.7)
            double growth = firstHalf == 0 ? (secondHalf == 0 ? 1 : Double.POSITIVE_INFINITY) : secondHalf / firstHalf;
            boolean flat = keptForEver || growth <= 1 + TOLERANCE;
            result.add(new Flatness(table, min, max, mean, growth, TOLERANCE, keptForEver, flat));
        }
        return result;
    }

    private TableSize size(String table) {
        ServiceDatabase database = TABLES.get(table);
        try (Connection connection = suite.connect(database); Statement sql = connection.createStatement()) {
            sql.execute("ANALYZE TABLE " + table);
            long bytes;
            try (ResultSet rows = sql.executeQuery("SELECT data_length + index_length FROM information_schema.tables"
                    + " WHERE table_schema = DATABASE() AND table_name = '" + table + "'")) {
                rows.next();
                bytes = rows.getLong(1);
            }
            String key = table.equals("reconcile_work_order_audit") ? "work_order_id" : "order_id";
            long count;
            long orders;
            try (ResultSet rows = sql.executeQuery("SELECT COUNT(*), COUNT(DISTINCT " + key + ") FROM " + table)) {
                rows.next();
                count = rows.getLong(1);
                orders = rows.getLong(2);
            }
            double perOrder = orders == 0 ? 0 : (double) count / orders;
            double perRow = count == 0 ? 0 : (double) bytes / count;
            return new TableSize(table, count, perOrder, perRow, perOrder * perRow * 1e6 / (1 << 20));
        } catch (SQLException e) {
            throw new IllegalStateException("sizing " + table, e);
        }
    }

    /**
     * Every record made older than the retention, then deleted through the consumer's cleanup call as reconcile-job
     * makes it (its token, its horizon), timed from the first call to the one that caught up; rows deleted meanwhile by
     * reconcile-job's own runs count too, since the rows are counted before and after.
     */
    private CleanupRate consumerCleanup(String table, SuiteService service) {
        ServiceDatabase database = TABLES.get(table);
        suite.update(database, "UPDATE " + table + " SET updated_at = updated_at - INTERVAL 1 DAY");
        long before = suite.count(database, "SELECT COUNT(*) FROM " + table);
        String token = suite.processes().identity().token("reconcile-job");
        long startNanos = System.nanoTime();
        long deadline = startNanos + CLEANUP_TIMEOUT.toNanos();
        boolean caughtUp = false;
        while (!caughtUp && System.nanoTime() < deadline) {
            String answer = post(service, CLEANUP_PATHS.get(service), token);
            Matcher done = CAUGHT_UP.matcher(answer);
            caughtUp = done.find() && Boolean.parseBoolean(done.group(1)) && REMOVED.matcher(answer).find();
        }
        double seconds = (System.nanoTime() - startNanos) / 1e9;
        long removed = before - suite.count(database, "SELECT COUNT(*) FROM " + table);
        return new CleanupRate(table, removed, seconds, removed / seconds);
    }

    /** The same for a table reconcile-job cleans on its own schedule: polled, from the first row gone to the last. */
    private CleanupRate jobCleanup(String table, String ageColumn) {
        suite.update(ServiceDatabase.ORDER, "UPDATE " + table + " SET " + ageColumn + " = " + ageColumn + " - INTERVAL 1 DAY");
        // the aged rows only: the archive goes on adding young ones meanwhile
        String aged = "SELECT COUNT(*) FROM " + table + " WHERE " + ageColumn + " < UTC_TIMESTAMP(3) - INTERVAL 12 HOUR";
        long before = suite.count(ServiceDatabase.ORDER, aged);
        long deadline = System.nanoTime() + CLEANUP_TIMEOUT.toNanos();
        long first = -1;
        long leftAtFirst = 0;
        long left = before;
        while (left > 0 && System.nanoTime() < deadline) {
            BenchSuite.sleep(Duration.ofMillis(10));
            left = suite.count(ServiceDatabase.ORDER, aged);
            if (first < 0 && left < before) {
                // the job's first batch is done: the rate is read over the rest, from here to none left
                first = System.nanoTime();
                leftAtFirst = left;
            }
        }
        double seconds = first < 0 ? 0 : (System.nanoTime() - first) / 1e9;
        return new CleanupRate(table, before - left, seconds, seconds == 0 ? 0 : leftAtFirst / seconds);
    }

    /** The consumers' cleanup called as reconcile-job calls it, with one token of reconcile-job's. */
    private Consumer<SuiteService> cleanupCaller() {
        String token = suite.processes().identity().token("reconcile-job");
        return service -> post(service, CLEANUP_PATHS.get(service), token);
    }

    private String post(SuiteService service, String path, String token) {
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + suite.port(service) + path))
                .header("Authorization", "Bearer " + token).header("Content-Type", "application/json")
                .timeout(Duration.ofMinutes(1))
                .POST(HttpRequest.BodyPublishers.ofString("{\"upstreamHorizonSeconds\":" + RECONCILE_HORIZON_SECONDS + "}"))
                .build();
        try {
            HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() != 200) {
                throw new IllegalStateException(path + " answered " + response.statusCode() + ": " + response.body());
            }
            return response.body();
        } catch (IOException e) {
            throw new IllegalStateException(path, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    private static void awaitTermination(ScheduledExecutorService sampler) {
        try {
            sampler.awaitTermination(1, TimeUnit.MINUTES);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
