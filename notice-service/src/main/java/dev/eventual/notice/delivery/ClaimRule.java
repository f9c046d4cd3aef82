package dev.eventual.notice.delivery;

import dev.eventual.notice.store.NoticeStatus;

import java.time.Duration;
import java.time.LocalDateTime;

/**
 * The claim protocol's rule, the same one the guarded UPDATE ({@code NoticeLogMapper#reclaim})
 * enforces in the database: SUCCESS is never sent again; FAIL may be tried again; PROCESSING belongs
 * to its claimer until its lease runs out ({@code updated_at + lease < now}), then anyone may take it over;
 * REFUSED (its event came after the retention, docs/retention.md) stays refused: whoever comes next sends nothing.
 */
public final class ClaimRule {

    private ClaimRule() {
    }

    public static ClaimDecision decide(NoticeStatus status, LocalDateTime claimedAt, LocalDateTime now, Duration lease) {
        return switch (status) {
            case SUCCESS -> ClaimDecision.ALREADY_SENT;
            case FAIL -> ClaimDecision.TAKE_OVER;
            case PROCESSING -> claimedAt.plus(lease).isBefore(now) ? ClaimDecision.TAKE_OVER : ClaimDecision.HELD_ELSEWHERE;
            case REFUSED -> ClaimDecision.REFUSED;
        };
    }
}
