package dev.eventual.reconcile.standalone;

import dev.eventual.reconcile.archive.MessageLogArchive;
import dev.eventual.reconcile.gate.StockGateRepair;
import dev.eventual.reconcile.retention.RetentionCleanup;
import dev.eventual.reconcile.run.ReconcileRun;
import dev.eventual.reconcile.shard.ShardRange;
import dev.eventual.reconcile.timeout.UnpaidOrderTimeout;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;
import org.springframework.scheduling.annotation.EnableScheduling;
import org.springframework.scheduling.annotation.Scheduled;

/**
 * Without an XXL-Job admin (the local launcher, a single instance), runs reconciliation itself as
 * shard 0 of 1 every {@code eventual.reconcile.standalone-interval}, and the archive every
 * {@code eventual.reconcile.archive-interval}, and the unpaid-order timeout as shard 0 of 1 every
 * {@code eventual.reconcile.unpaid.standalone-interval}, and the stock gate's repair every
 * {@code eventual.reconcile.gate.standalone-interval} (a no-op while the gate is off), and the retention cleanup as
 * shard 0 of 1 (every order_db server, and the consumers' cleanup) every {@code eventual.reconcile.retention.interval}.
 */
@Configuration
@EnableScheduling
@Conditional(NoXxlJobAdmin.class)
public class StandaloneScheduler {

    private static final Logger log = LoggerFactory.getLogger(StandaloneScheduler.class);

    private final ReconcileRun run;
    private final MessageLogArchive archive;
    private final UnpaidOrderTimeout unpaidTimeout;
    private final StockGateRepair gateRepair;
    private final RetentionCleanup retention;

    public StandaloneScheduler(ReconcileRun run, MessageLogArchive archive, UnpaidOrderTimeout unpaidTimeout,
                               StockGateRepair gateRepair, RetentionCleanup retention) {
        this.run = run;
        this.archive = archive;
        this.unpaidTimeout = unpaidTimeout;
        this.gateRepair = gateRepair;
        this.retention = retention;
    }

    @Scheduled(fixedDelayString = "${eventual.reconcile.standalone-interval:30s}",
            initialDelayString = "${eventual.reconcile.standalone-interval:30s}")
    void reconcile() {
        try {
            run.run(ShardRange.of(0, 1));
        } catch (RuntimeException e) {
            log.warn("Standalone reconcile run failed, the next one tries again: {}", e.toString());
        }
    }

    @Scheduled(fixedDelayString = "${eventual.reconcile.archive-interval:1h}",
            initialDelayString = "${eventual.reconcile.archive-interval:1h}")
    void archive() {
        try {
            archive.archive();
        } catch (RuntimeException e) {
            log.warn("Standalone archive run failed, the next one tries again: {}", e.toString());
        }
    }

    @Scheduled(fixedDelayString = "${eventual.reconcile.unpaid.standalone-interval:15s}",
            initialDelayString = "${eventual.reconcile.unpaid.standalone-interval:15s}")
    void cancelUnpaid() {
        try {
            unpaidTimeout.run(ShardRange.of(0, 1));
        } catch (RuntimeException e) {
            log.warn("Standalone unpaid-order timeout run failed, the next one tries again: {}", e.toString());
        }
    }

    /**
     * The first run right after start: a gate just turned on, or a Redis that lost its data while this
     * job was down, gets its counts at once instead of one interval later (gated orders get 503 until then).
     */
    @Scheduled(fixedDelayString = "${eventual.reconcile.gate.standalone-interval:30s}", initialDelay = 1_000)
    void repairGate() {
        try {
            gateRepair.run();
        } catch (RuntimeException e) {
            log.warn("Standalone stock gate repair failed, the next run tries again: {}", e.toString());
        }
    }

    @Scheduled(fixedDelayString = "${eventual.reconcile.retention.interval:1h}",
            initialDelayString = "${eventual.reconcile.retention.interval:1h}")
    void cleanUp() {
        try {
            retention.run(ShardRange.of(0, 1));
        } catch (RuntimeException e) {
            log.warn("Standalone retention cleanup failed, the next one tries again: {}", e.toString());
        }
    }
}
