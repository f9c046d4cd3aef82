package dev.eventual.reconcile.archive;

import dev.eventual.order.core.reconcile.EventArchive;
import dev.eventual.order.core.shard.OrderShards;
import dev.eventual.reconcile.config.ReconcileProperties;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;

import java.time.Clock;
import java.time.LocalDateTime;

/**
 * Moves finished message_log rows (SUCCESS and SKIPPED) older than {@code archiveAfter} to
 * message_log_hist, a bounded batch per transaction (copy + delete together), so the reconcile scans
 * stay small and no long lock is held. Also deletes tx_attempt_barrier rows of the same age: the
 * broker stops checking a half message back within minutes (docs/check-back.md), so an
 * attempt that old is never asked about again.
 */
@Service
public class MessageLogArchive {

    private static final Logger log = LoggerFactory.getLogger(MessageLogArchive.class);

    private final OrderShards shards;
    private final EventArchive archive;
    private final ReconcileProperties properties;
    private final Clock clock;

    public MessageLogArchive(OrderShards shards, EventArchive archive, ReconcileProperties properties, Clock clock) {
        this.shards = shards;
        this.archive = archive;
        this.properties = properties;
        this.clock = clock;
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
        int batch;
        do {
            batch = archive.moveFinished(server, cutoff, properties.archiveBatchSize());
            moved += batch;
        } while (batch == properties.archiveBatchSize() && clock.millis() < deadline);
        if (moved > 0) {
            log.info("Archived {} finished message_log rows older than {}", moved, cutoff);
        }
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
