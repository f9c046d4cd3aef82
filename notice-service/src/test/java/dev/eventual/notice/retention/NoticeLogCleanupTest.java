package dev.eventual.notice.retention;

import dev.eventual.common.api.CleanupResult;
import dev.eventual.consumer.retention.RetentionProperties;
import dev.eventual.consumer.retention.RetentionTooShortException;
import dev.eventual.notice.channel.ChannelType;
import dev.eventual.notice.config.NoticeProperties;
import dev.eventual.notice.store.NoticeLogRetentionMapper;
import dev.eventual.notice.store.NoticeStatus;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;
import org.mockito.InOrder;
import org.springframework.transaction.PlatformTransactionManager;

import java.time.Clock;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyInt;
import static org.mockito.ArgumentMatchers.anyLong;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.inOrder;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.times;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

/** The cleanup's batches, budget, ages and refusal, with notice_log's statements faked (the SQL: NoticeLogCleanupIT). */
class NoticeLogCleanupTest {

    private static final Duration KEEP = Duration.ofDays(30);
    private static final long KEEP_MICROS = KEEP.toNanos() / 1_000;
    private static final int BATCH = 100;

    private final NoticeLogRetentionMapper noticeLog = mock(NoticeLogRetentionMapper.class);
    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final PlatformTransactionManager transactions = mock(PlatformTransactionManager.class);

    @Test
    void deletesEachStatusInBatchesUntilOneIsShortThenReadsTheOldestLeft() {
        when(noticeLog.deleteOlderThan(eq(NoticeStatus.SUCCESS), anyLong(), anyInt())).thenReturn(BATCH, BATCH, 7);
        when(noticeLog.deleteOlderThan(eq(NoticeStatus.FAIL), anyLong(), anyInt())).thenReturn(3);
        when(noticeLog.oldestAgeSeconds(NoticeStatus.SUCCESS)).thenReturn(86_400L);
        when(noticeLog.oldestAgeSeconds(NoticeStatus.FAIL)).thenReturn(2 * 86_400L);

        CleanupResult result = cleanup(Duration.ofSeconds(20), Duration.ofSeconds(30)).clean(Duration.ofHours(2));

        assertThat(result).isEqualTo(new CleanupResult("notice_log", 2 * BATCH + 7 + 3, true, 2 * 86_400L, KEEP.toSeconds()));
        verify(noticeLog, times(3)).deleteOlderThan(NoticeStatus.SUCCESS, KEEP_MICROS, BATCH);
        verify(noticeLog).deleteOlderThan(NoticeStatus.FAIL, KEEP_MICROS, BATCH);
        verify(noticeLog).deleteOlderThan(NoticeStatus.REFUSED, KEEP_MICROS, BATCH);
        verify(noticeLog).deleteOlderThan(NoticeStatus.PROCESSING, KEEP_MICROS, BATCH);
        assertThat(registry.get("eventual.retention.removed").tag("table", "notice_log").counter().count()).isEqualTo(210);
        assertThat(registry.get("eventual.retention.oldest.age").tag("table", "notice_log").gauge().value()).isEqualTo(2 * 86_400);
        assertThat(registry.get("eventual.retention.keep").tag("table", "notice_log").gauge().value()).isEqualTo(KEEP.toSeconds());
    }

    /** The first batch always runs, so that a call makes progress; the next call goes on from there. */
    @Test
    void aSpentBudgetStopsBeforeTheNextBatchAndSaysItDidNotCatchUp() {
        when(noticeLog.deleteOlderThan(any(), anyLong(), anyInt())).thenReturn(BATCH);

        CleanupResult result = cleanup(Duration.ZERO, Duration.ofSeconds(30)).clean(Duration.ZERO);

        assertThat(result.removed()).isEqualTo(BATCH);
        assertThat(result.caughtUp()).isFalse();
        verify(noticeLog, times(1)).deleteOlderThan(any(), anyLong(), anyInt());
    }

    @Test
    void anEmptyTableHasNoOldestAge() {
        when(noticeLog.oldestAgeSeconds(any())).thenReturn(null);

        CleanupResult result = cleanup(Duration.ofSeconds(20), Duration.ofSeconds(30)).clean(Duration.ZERO);

        assertThat(result.removed()).isZero();
        assertThat(result.caughtUp()).isTrue();
        assertThat(result.oldestAgeSeconds()).isNull();
        assertThat(registry.get("eventual.retention.oldest.age").tag("table", "notice_log").gauge().value()).isZero();
    }

    /** A claim is deleted only past its lease too, which only a retention set to minutes can be shorter than. */
    @Test
    void aClaimIsNeverDeletedWithinItsLease() {
        Duration keep = Duration.ofMinutes(1);
        NoticeLogCleanup cleanup = new NoticeLogCleanup(noticeLog, new RetentionProperties(keep, Duration.ZERO, Duration.ZERO,
                Duration.ZERO, BATCH, Duration.ofSeconds(20)), notice(0, Duration.ofMinutes(5)), registry, transactions,
                Clock.systemUTC());

        cleanup.clean(Duration.ZERO);

        verify(noticeLog).deleteOlderThan(NoticeStatus.PROCESSING, Duration.ofMinutes(5).toNanos() / 1_000, BATCH);
        verify(noticeLog).deleteOlderThan(NoticeStatus.SUCCESS, keep.toNanos() / 1_000, BATCH);
    }

    /**
     * The start's floor with the caller's horizon: 30 days outlive reconcile-job's 2 h back-off, not a 30-day one
     * (+ 6m40s of 5 redeliveries + 72h of dead letters + 10m of skew).
     */
    @Test
    void aHorizonTheRetentionDoesNotOutliveIsRefusedAndNothingIsDeleted() {
        NoticeLogCleanup cleanup = cleanup(Duration.ofSeconds(20), Duration.ofSeconds(30));

        assertThatThrownBy(() -> cleanup.clean(Duration.ofDays(30)))
                .isInstanceOf(RetentionTooShortException.class)
                .hasMessageStartingWith("nothing deleted: with the caller's horizon PT720H, eventual.consumer.retention.keep"
                        + " = PT720H is shorter than the last moment an event can still arrive, PT792H16M40S")
                .hasMessageContaining("upstream-horizon PT720H");
        verify(noticeLog, never()).deleteOlderThan(any(), anyLong(), anyInt());
        verify(noticeLog, never()).oldestAgeSeconds(any());

        InOrder order = inOrder(noticeLog);
        cleanup.clean(Duration.ofHours(2));
        order.verify(noticeLog).deleteOlderThan(eq(NoticeStatus.PROCESSING), anyLong(), anyInt());
    }

    private NoticeLogCleanup cleanup(Duration budget, Duration lease) {
        return new NoticeLogCleanup(noticeLog, new RetentionProperties(KEEP, Duration.ofMinutes(5), Duration.ofDays(1),
                Duration.ofHours(72), BATCH, budget), notice(5, lease), registry, transactions, Clock.systemUTC());
    }

    private static NoticeProperties notice(int maxReconsumeTimes, Duration lease) {
        return new NoticeProperties(ChannelType.LOG, maxReconsumeTimes, lease, "user-{userId}@example.com",
                "no-reply@eventual.example", Duration.ofSeconds(3));
    }
}
