package dev.eventual.notice.retention;

import dev.eventual.common.api.CleanupResult;
import dev.eventual.consumer.retention.CleanupBatches;
import dev.eventual.consumer.retention.RetentionFloor;
import dev.eventual.consumer.retention.RetentionMeters;
import dev.eventual.consumer.retention.RetentionProperties;
import dev.eventual.consumer.retention.RetentionTooShortException;
import dev.eventual.notice.config.NoticeProperties;
import dev.eventual.notice.store.NoticeLogRetentionMapper;
import dev.eventual.notice.store.NoticeStatus;
import io.micrometer.core.instrument.MeterRegistry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.stereotype.Service;
import org.springframework.transaction.PlatformTransactionManager;

import java.time.Clock;
import java.time.Duration;
import java.util.List;

/**
 * Deletes notice_log records untouched ({@code updated_at}) for the retention, {@code eventual.consumer.retention.keep}
 * (docs/retention.md). Safe because an event that comes later and finds its record missing is refused, never sent
 * ({@code LateNotices}). In batches of {@code batch-size}, one short READ COMMITTED DELETE each, one status at a time
 * through {@code idx_notice_log_status_updated}, oldest first, until a batch comes back short or {@code budget} is
 * spent (the next call goes on; {@link CleanupBatches}); then one indexed MIN per status gives the oldest record left.
 * Never a long lock.
 */
@Service
public class NoticeLogCleanup {

    static final String TABLE = "notice_log";

    private static final Logger log = LoggerFactory.getLogger(NoticeLogCleanup.class);

    private final NoticeLogRetentionMapper noticeLog;
    private final RetentionProperties retention;
    private final NoticeProperties notice;
    private final RetentionMeters meters;
    private final CleanupBatches batches;

    @Autowired
    NoticeLogCleanup(NoticeLogRetentionMapper noticeLog, RetentionProperties retention, NoticeProperties notice,
                     MeterRegistry registry, PlatformTransactionManager transactions, ObjectProvider<Clock> clock) {
        this(noticeLog, retention, notice, registry, transactions, clock.getIfAvailable(Clock::systemUTC));
    }

    NoticeLogCleanup(NoticeLogRetentionMapper noticeLog, RetentionProperties retention, NoticeProperties notice,
                     MeterRegistry registry, PlatformTransactionManager transactions, Clock clock) {
        this.noticeLog = noticeLog;
        this.retention = retention;
        this.notice = notice;
        this.meters = new RetentionMeters(registry, TABLE, retention.keep());
        this.batches = new CleanupBatches(retention, meters, transactions, clock);
    }

    /**
     * @param callerHorizon how long after an event's birth the caller may still hand it over (reconcile-job's back-off)
     * @throws RetentionTooShortException when the retention does not outlive that horizon too; nothing is deleted
     */
    public CleanupResult clean(Duration callerHorizon) {
        refuseIfTooShort(callerHorizon);
        CleanupBatches.Done done = batches.run(List.of(NoticeStatus.values()),
                (status, limit) -> noticeLog.deleteOlderThan(status, untouchedFor(status).toNanos() / 1_000, limit));
        Long oldest = oldestAgeSeconds();
        meters.oldest(oldest == null ? null : Duration.ofSeconds(oldest));
        log.info("{} cleanup: removed {} records untouched for {} in {} batches, {}; oldest left {}", TABLE,
                done.removed(), retention.keep(), done.batches(), done.caughtUp() ? "caught up" : "budget spent, more left",
                oldest == null ? "none" : Duration.ofSeconds(oldest));
        return new CleanupResult(TABLE, done.removed(), done.caughtUp(), oldest, retention.keep().toSeconds());
    }

    /**
     * A PROCESSING record is a claim, and its {@code updated_at} is when it was claimed (a technical failure does not
     * touch it; NoticeLogMapper#recordTechnicalFailure). Its holder calls the channel only within its lease
     * ({@code eventual.notice.lease}, above the worst-case SMTP call), after which any delivery may take it over;
     * so a claim untouched for the retention (30 days by default, never less than the start's floor) lost its
     * holder long ago, and no live claim is deleted. Its age must pass the lease too, for a retention set to minutes.
     * A take-over racing the DELETE is safe either way: its guarded UPDATE renews {@code updated_at} first (then the
     * DELETE no longer matches) or finds no row (then it claims afresh, and its late event is refused).
     */
    private Duration untouchedFor(NoticeStatus status) {
        Duration keep = retention.keep();
        return status == NoticeStatus.PROCESSING && notice.lease().compareTo(keep) > 0 ? notice.lease() : keep;
    }

    /** The oldest age over the statuses: each MIN reads the first entry of its range of the index. */
    private Long oldestAgeSeconds() {
        Long oldest = null;
        for (NoticeStatus status : NoticeStatus.values()) {
            Long age = noticeLog.oldestAgeSeconds(status);
            if (age != null && (oldest == null || age > oldest)) {
                oldest = age;
            }
        }
        return oldest;
    }

    /** The start's floor again, with the caller's horizon when it is the longer one (docs/retention.md). */
    private void refuseIfTooShort(Duration callerHorizon) {
        try {
            RetentionFloor.check(retention.withCallerHorizon(callerHorizon), notice.maxReconsumeTimes(),
                    NoticeProperties.MAX_RECONSUME_TIMES_PROPERTY);
        } catch (IllegalStateException tooShort) {
            log.warn("{} cleanup refused, nothing deleted: the caller's horizon is {}: {}", TABLE, callerHorizon,
                    tooShort.getMessage());
            throw new RetentionTooShortException("nothing deleted: with the caller's horizon " + callerHorizon + ", "
                    + tooShort.getMessage());
        }
    }
}
