package dev.eventual.notice.delivery;

import dev.eventual.notice.store.NoticeStatus;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.LocalDateTime;

import static org.assertj.core.api.Assertions.assertThat;

class ClaimRuleTest {

    private static final Duration LEASE = Duration.ofSeconds(30);
    private static final LocalDateTime NOW = LocalDateTime.of(2026, 1, 1, 12, 0, 0);

    @Test
    void aSentNoticeIsNeverSentAgain() {
        assertThat(ClaimRule.decide(NoticeStatus.SUCCESS, NOW.minusDays(1), NOW, LEASE)).isEqualTo(ClaimDecision.ALREADY_SENT);
        assertThat(ClaimRule.decide(NoticeStatus.SUCCESS, NOW, NOW, LEASE)).isEqualTo(ClaimDecision.ALREADY_SENT);
    }

    @Test
    void aRefusedNoticeMayBeTriedAgainAtOnce() {
        assertThat(ClaimRule.decide(NoticeStatus.FAIL, NOW, NOW, LEASE)).isEqualTo(ClaimDecision.TAKE_OVER);
    }

    @Test
    void aNoticeBeingSentBelongsToItsSenderUntilTheLeaseRunsOut() {
        assertThat(ClaimRule.decide(NoticeStatus.PROCESSING, NOW, NOW, LEASE)).isEqualTo(ClaimDecision.HELD_ELSEWHERE);
        assertThat(ClaimRule.decide(NoticeStatus.PROCESSING, NOW.minusSeconds(29), NOW, LEASE)).isEqualTo(ClaimDecision.HELD_ELSEWHERE);
        // the lease ends at claimedAt + lease; only strictly after that may another delivery take over
        assertThat(ClaimRule.decide(NoticeStatus.PROCESSING, NOW.minusSeconds(30), NOW, LEASE)).isEqualTo(ClaimDecision.HELD_ELSEWHERE);
        assertThat(ClaimRule.decide(NoticeStatus.PROCESSING, NOW.minusSeconds(30).minusNanos(1_000_000), NOW, LEASE))
                .isEqualTo(ClaimDecision.TAKE_OVER);
        assertThat(ClaimRule.decide(NoticeStatus.PROCESSING, NOW.minusHours(1), NOW, LEASE)).isEqualTo(ClaimDecision.TAKE_OVER);
    }

    /** Its event came after the retention: nothing ever sends it, however old the refusal (docs/retention.md). */
    @Test
    void aRefusedNoticeStaysRefused() {
        assertThat(ClaimRule.decide(NoticeStatus.REFUSED, NOW, NOW, LEASE)).isEqualTo(ClaimDecision.REFUSED);
        assertThat(ClaimRule.decide(NoticeStatus.REFUSED, NOW.minusDays(29), NOW, LEASE)).isEqualTo(ClaimDecision.REFUSED);
    }

    @Test
    void aClaimFromTheFutureIsHeld() {
        // a claim stamped ahead of the reading clock is certainly still live
        assertThat(ClaimRule.decide(NoticeStatus.PROCESSING, NOW.plusMinutes(5), NOW, LEASE)).isEqualTo(ClaimDecision.HELD_ELSEWHERE);
    }
}
