package dev.eventual.launcher.invariants;

import java.time.Duration;
import java.util.List;

/**
 * {@value #KEPT}: no cleaned table holds a row older than twice its retention (docs/retention.md). Cleaning runs every
 * hour and works in bounded batches, so a table may lag its retention for a while; twice the retention means it is
 * not running, or cannot keep up. The other rules excuse what retention may have removed ({@link Retentions}).
 */
final class RetentionInvariants {

    static final String KEPT = "retention kept";

    private RetentionInvariants() {
    }

    static void check(DatabaseSnapshot db, Retentions retentions, List<Violation> violations) {
        db.oldestAges().forEach((table, age) -> {
            long keep = retentions.seconds(table);
            if (age > 2 * keep) {
                violations.add(new Violation(KEPT, table, "oldest row " + Duration.ofSeconds(age) + " old, retention "
                        + Duration.ofSeconds(keep) + ": cleaning is behind or not running"));
            }
        });
    }
}
