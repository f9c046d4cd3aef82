package dev.eventual.launcher.invariants;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class RetentionInvariantsTest {

    @Test
    void aTableHoldingRowsOlderThanTwiceItsRetentionIsBehind() {
        Retentions retentions = Retentions.DEFAULTS.with(Map.of(Retentions.NOTICE_LOG, Duration.ofDays(7)));

        List<Violation> violations = check(Map.of(
                Retentions.DEDUCT_LOG, Duration.ofDays(60).toSeconds(),
                Retentions.NOTICE_LOG, Duration.ofDays(14).plusSeconds(1).toSeconds(),
                Retentions.HISTORY, Duration.ofDays(100).toSeconds()), retentions);

        assertThat(violations).extracting(Violation::invariant).containsOnly(RetentionInvariants.KEPT);
        assertThat(violations).extracting(Violation::subject).containsExactly(Retentions.NOTICE_LOG);
    }

    @Test
    void everyCleanedTableHasARetentionAndNoOtherTableHasOne() {
        assertThat(Retentions.DEFAULTS.keep()).containsOnlyKeys(Retentions.DEDUCT_LOG, Retentions.NOTICE_LOG,
                Retentions.MESSAGE_LOG, Retentions.ATTEMPT_BARRIER, Retentions.HISTORY, Retentions.WORK_ORDERS);
        assertThatThrownBy(() -> Retentions.DEFAULTS.with(Map.of("t_order", Duration.ofDays(1))))
                .hasMessageContaining("no retention is kept for t_order");
    }

    private static List<Violation> check(Map<String, Long> oldestAges, Retentions retentions) {
        DatabaseSnapshot db = new DatabaseSnapshot(Map.of(), Map.of(), Map.of(), Set.of(), Map.of(), Map.of(), Set.of(),
                Set.of(), Map.of(), Map.of(), Map.of(), Map.of(), oldestAges);
        List<Violation> violations = new ArrayList<>();
        RetentionInvariants.check(db, retentions, violations);
        return violations;
    }
}
