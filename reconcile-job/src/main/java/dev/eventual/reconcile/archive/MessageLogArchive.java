package dev.eventual.reconcile.archive;

import dev.eventual.order.core.reconcile.EventArchive;
import dev.eventual.order.core.shard.OrderShards;
import dev.eventual.reconcile.config.ReconcileProperties;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;

import java.time.Clock;
import java.time.LocalDateTime;

/**
 * Moves finished message_log rows (SUCCESS and SKIPPED) older than {@code archiveAfter} to
 * message_log_hist, a bounded batch per transaction (copy + delete together), so the reconcile scans
 * stay small and no long lock is held. The events' consumer reports (message_consumer_status) are deleted
 * in the same transaction, counted in {@code eventual.retention.removed{table=message_consumer_status}}: they
 * have no use once their event is finished and archived (docs/retention.md). Also deletes tx_attempt_barrier
 * rows of the same age: the broker stops checking a half message back within minutes (docs/check-back.md), so
 * an attempt that old is never asked about again.
 */
@Service
public class MessageLogArchive {

    private static final Logger log = LoggerFactory.getLogger(MessageLogArchive.class);

    private final OrderShards shards;
    private final EventArchive archive;
    private final ReconcileProperties properties;
    private final Clock clock;
    private final Counter reportsRemoved;

    public MessageLogArchive(OrderShards shards, EventArchive archive, ReconcileProperties properties, Clock clock,
                             MeterRegistry meters) {
        this.shards = shards;
        this.archive = archive;
        this.properties = properties;
        this.clock = clock;
        // the retention's metric names (docs/retention.md); the reports' age is their event's, so no gauge
        this.reportsRemoved = Counter.builder("eventual.retention.removed").tag("table", "message_consumer_status")
                .description("records deleted past their retention").register(meters);
    }

    /** @return rows moved, on every order_db server (each archives its own rows into its own history) */
    public int archive() {
        LocalDateTime cutoff = LocalDateTime.now(clock).minus(properties.archiveAfter());
        long deadline = clock.millis() + properties.shardBudget().toMillis();
        int moved = 0;
        for (int server = 0; server < shards.servers(); server++) {
            moved += archive(server, cutoff, deadline);
        }
        return moved;
    }

    private int archive(int server, LocalDateTime cutoff, long deadline) {
        int moved = 0;
        int reports = 0;
        EventArchive.Moved moving;
        do {
            moving = archive.moveFinished(server, cutoff, properties.archiveBatchSize());
            reportsRemoved.increment(moving.consumerReports());
            moved += moving.events();
            reports += moving.consumerReports();
        } while (moving.events() == properties.archiveBatchSize() && clock.millis() < deadline);
        if (moved > 0) {
            log.info("Archived {} finished message_log rows older than {}, and deleted their {} consumer reports",
                    moved, cutoff, reports);
        }
        int batch;
        int attempts = 0;
        do {
            batch = archive.deleteAttempts(server, cutoff, properties.archiveBatchSize());
            attempts += batch;
        } while (batch == properties.archiveBatchSize() && clock.millis() < deadline);
        if (attempts > 0) {
            log.info("Deleted {} publish attempts (tx_attempt_barrier) older than {}", attempts, cutoff);
        }
        return moved;
    }
}
