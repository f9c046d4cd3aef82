package dev.eventual.bench.reconcile;

import dev.eventual.bench.BenchOptions;
import dev.eventual.bench.BenchSuite;
import dev.eventual.infra.db.ServiceDatabase;
import dev.eventual.launcher.SuiteInfrastructure;
import dev.eventual.launcher.SuiteService;
import dev.eventual.reconcile.ReconcileJobApplication;
import dev.eventual.reconcile.run.ReconcileRun;
import dev.eventual.reconcile.run.RunResult;
import dev.eventual.reconcile.shard.ShardRange;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.ConfigurableApplicationContext;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Section 4: {@link ReconcileRun} in this JVM (a reconcile-job Spring context on order_db, asking the
 * real inventory- and notice-service over HTTP) working off a seeded backlog, one or two shards at a
 * time as two executors would. The suite's own reconcile-job is stopped so it takes nothing away.
 * Backlogs up to 100k rows run every combination; a larger one only "all consistent, 2 shards",
 * to stay inside the time budget (seeding 1M rows takes about as long as reconciling them).
 */
public final class ReconcileSection {

    private static final Logger log = LoggerFactory.getLogger(ReconcileSection.class);
    private static final int FULL_MATRIX_UP_TO = 100_000;

    private final BenchSuite suite;
    private final BenchOptions options;

    public ReconcileSection(BenchSuite suite, BenchOptions options) {
        this.suite = suite;
        this.options = options;
    }

    public ReconcileResult run() {
        suite.processes().service(SuiteService.RECONCILE).stop();
        BacklogSeeder seeder = new BacklogSeeder(suite);
        List<ReconcileCase> cases = new ArrayList<>();
        try (ConfigurableApplicationContext job = startJob()) {
            ReconcileRun run = job.getBean(ReconcileRun.class);
            for (int rows : options.reconcileRows()) {
                for (Backlog backlog : Backlog.values()) {
                    for (int shards : List.of(1, 2)) {
                        if (rows > FULL_MATRIX_UP_TO && (backlog != Backlog.ALL_CONSISTENT || shards != 2)) {
                            continue;
                        }
                        cases.add(runCase(run, seeder, rows, backlog, shards));
                    }
                }
            }
        }
        return new ReconcileResult(cases, "backlogs up to " + FULL_MATRIX_UP_TO + " rows: every combination;"
                + " larger: all consistent with 2 shards only (time budget)");
    }

    private ReconcileCase runCase(ReconcileRun run, BacklogSeeder seeder, int rows, Backlog backlog, int shards) {
        seeder.clear();
        long seedStart = System.nanoTime();
        seeder.seed(rows, backlog);
        double seedSeconds = (System.nanoTime() - seedStart) / 1e9;
        long pageReadsBefore = pageReads();
        long start = System.nanoTime();
        List<RunResult> results = runShards(run, shards);
        double seconds = (System.nanoTime() - start) / 1e9;
        double pageReadsPerRow = (double) (pageReads() - pageReadsBefore) / rows;
        long succeeded = results.stream().mapToLong(RunResult::succeeded).sum();
        long retried = results.stream().mapToLong(RunResult::retried).sum();
        long due = suite.count(ServiceDatabase.ORDER, "SELECT COUNT(*) FROM message_log WHERE reconcile_status IN"
                + " ('PENDING', 'RETRY') AND next_reconcile_time <= CURRENT_TIMESTAMP(3)");
        ReconcileCase result = new ReconcileCase(rows, backlog.description(), shards, seedSeconds, seconds,
                rows / seconds, rows / seconds / shards, succeeded, retried, due, pageReadsPerRow);
        log.info("reconcile {} rows, {}, {} shard(s): {} s = {} rows/s ({} per shard); {} page reads per row;"
                        + " seeded in {} s", rows, backlog.description(), shards, String.format("%.1f", seconds),
                Math.round(result.rowsPerSecond()), Math.round(result.rowsPerSecondPerShard()),
                String.format("%.2f", pageReadsPerRow), String.format("%.1f", seedSeconds));
        return result;
    }

    /** Pages InnoDB had to read into its buffer pool since the server started (a miss each). */
    private long pageReads() {
        return suite.count(ServiceDatabase.ORDER, "SELECT VARIABLE_VALUE FROM information_schema.GLOBAL_STATUS"
                + " WHERE VARIABLE_NAME = 'INNODB_BUFFER_POOL_READS'");
    }

    /** Every shard runs until a run finds nothing due; returns every run's counts. */
    private static List<RunResult> runShards(ReconcileRun run, int shards) {
        ExecutorService pool = Executors.newFixedThreadPool(shards);
        try {
            List<Future<List<RunResult>>> futures = new ArrayList<>();
            for (int i = 0; i < shards; i++) {
                ShardRange range = ShardRange.of(i, shards);
                futures.add(pool.submit(() -> {
                    List<RunResult> results = new ArrayList<>();
                    RunResult last;
                    do {
                        last = run.run(range);
                        results.add(last);
                    } while (last.scanned() > 0);
                    return results;
                }));
            }
            List<RunResult> all = Collections.synchronizedList(new ArrayList<>());
            for (Future<List<RunResult>> future : futures) {
                all.addAll(future.get());
            }
            return all;
        } catch (Exception e) {
            throw new IllegalStateException("reconcile run failed", e);
        } finally {
            pool.shutdown();
        }
    }

    private ConfigurableApplicationContext startJob() {
        // the job's context checks tokens like the deployed one (issue 26): it needs the suite's issuer
        List<String> args = new ArrayList<>(List.of("--server.port=0",
                "--spring.security.oauth2.resourceserver.jwt.issuer-uri=" + suite.issuer(),
                "--spring.datasource.url=" + suite.jdbcUrl(ServiceDatabase.ORDER),
                "--spring.datasource.username=" + suite.databaseUser(),
                "--spring.datasource.password=" + suite.databasePassword(),
                "--eventual.reconcile.standalone-interval=24h", "--eventual.reconcile.archive-interval=24h",
                "--eventual.reconcile.page-size=500", "--eventual.reconcile.shard-budget=30m",
                "--logging.level.root=WARN", "--logging.level.dev.eventual=WARN", "--logging.level.dev.eventual.bench=INFO",
                "--spring.main.banner-mode=off"));
        args.addAll(suite.clientArgs(SuiteService.RECONCILE));
        for (SuiteService peer : List.of(SuiteService.ORDER, SuiteService.INVENTORY, SuiteService.NOTICE)) {
            args.add(SuiteInfrastructure.peer(peer.serviceId(), suite.port(peer)));
        }
        return ReconcileJobApplication.application().run(args.toArray(String[]::new));
    }
}
