package dev.eventual.notice.delivery;

import dev.eventual.common.messaging.OrderEventType;
import dev.eventual.notice.channel.Notice;
import dev.eventual.notice.config.NoticeProperties;
import dev.eventual.notice.store.NoticeClaimRow;
import dev.eventual.notice.store.NoticeLogMapper;
import dev.eventual.notice.store.NoticeLogRow;
import dev.eventual.notice.store.NoticeStatus;
import dev.eventual.web.Texts;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.stereotype.Component;

import java.util.Comparator;
import java.util.List;

/**
 * The claim protocol on notice_log: of any number of deliveries of one notice (redeliveries, duplicate
 * messages, retry calls, several instances), exactly one at a time may call the channel. Each step is
 * one short autocommit statement; none is open while the channel is called.
 * <ol>
 *   <li>INSERT the row as PROCESSING (attempt 1): the unique key lets one inserter win;</li>
 *   <li>else read it: SUCCESS → send nothing; PROCESSING with a live lease → held elsewhere;
 *       FAIL or an expired lease → take it over with a guarded UPDATE (attempts + 1), which again
 *       only one caller can win.</li>
 * </ol>
 */
@Component
public class NoticeClaims {

    private static final Logger log = LoggerFactory.getLogger(NoticeClaims.class);
    static final int MAX_TEXT = 512;
    static final int MAX_RECIPIENT = 320;
    /** Batches that overlap (a redelivery beside its first delivery) lock their rows in this one order. */
    private static final Comparator<NoticeClaimRow> KEY_ORDER = Comparator.comparingLong(NoticeClaimRow::orderId)
            .thenComparing(row -> row.type().name());

    private final NoticeLogMapper noticeLog;
    private final NoticeProperties properties;

    public NoticeClaims(NoticeLogMapper noticeLog, NoticeProperties properties) {
        this.noticeLog = noticeLog;
        this.properties = properties;
    }

    public Claim claim(Notice notice, String channel) {
        String recipient = Texts.truncate(notice.recipient(), MAX_RECIPIENT);
        try {
            noticeLog.insertClaimed(notice.orderId(), notice.type(), channel, recipient, notice.messageId());
            return Claim.won(1);
        } catch (DuplicateKeyException e) {
            // the notice has a row: decide from it below
        }
        NoticeLogRow row = find(notice.orderId(), notice.type());
        ClaimDecision decision = ClaimRule.decide(row.status(), row.updatedAt(), row.databaseNow(), properties.lease());
        if (decision == ClaimDecision.TAKE_OVER) {
            long leaseMicros = properties.lease().toNanos() / 1_000;
            if (noticeLog.reclaim(notice.orderId(), notice.type(), channel, recipient, notice.messageId(), leaseMicros) == 1) {
                log.info("Order {}: took over the {} notice after {} (attempt {})", notice.orderId(), notice.type(),
                        row.status() == NoticeStatus.FAIL ? "a refusal" : "an expired lease", row.attempts() + 1);
                return Claim.won(row.attempts() + 1);
            }
            // another delivery took it over (or finished) between the read and the update
            row = find(notice.orderId(), notice.type());
        }
        return Claim.lost(row.attempts(), row.status() == NoticeStatus.SUCCESS ? NoticeStatus.SUCCESS : NoticeStatus.PROCESSING);
    }

    /**
     * Claims all the notices with one statement when none of them has a row yet, the usual case for
     * fresh events. A single conflict (a redelivery, a duplicate in the batch) inserts nothing.
     *
     * @return false when one of them already has a row: each must then be claimed alone
     */
    public boolean claimAllFresh(List<Notice> notices, String channel) {
        try {
            noticeLog.insertClaimedAll(rows(notices), channel);
            return true;
        } catch (DuplicateKeyException e) {
            return false;
        }
    }

    /** @return how many of them were still PROCESSING and are now SUCCESS */
    public int succeedAll(List<Notice> notices) {
        return notices.isEmpty() ? 0 : noticeLog.markSucceededAll(rows(notices));
    }

    /** Gives back first claims of notices never sent, so a redelivery claims them at once. */
    public void releaseUnsent(List<Notice> notices) {
        if (!notices.isEmpty()) {
            noticeLog.releaseUnsent(rows(notices));
        }
    }

    private static List<NoticeClaimRow> rows(List<Notice> notices) {
        return notices.stream().map(notice -> new NoticeClaimRow(notice.orderId(), notice.type(),
                        Texts.truncate(notice.recipient(), MAX_RECIPIENT), notice.messageId()))
                .sorted(KEY_ORDER).toList();
    }

    /** @return false when the row was no longer PROCESSING (another attempt recorded an outcome first) */
    public boolean succeed(Notice notice) {
        return noticeLog.markSucceeded(notice.orderId(), notice.type()) == 1;
    }

    /** @return false when this attempt no longer holds the claim */
    public boolean fail(Notice notice, int attempt, String reason) {
        return noticeLog.markFailed(notice.orderId(), notice.type(), attempt, Texts.truncate(reason, MAX_TEXT)) == 1;
    }

    public void recordTechnicalFailure(Notice notice, int attempt, String error) {
        noticeLog.recordTechnicalFailure(notice.orderId(), notice.type(), attempt, Texts.truncate(error, MAX_TEXT));
    }

    public NoticeStatus statusOf(long orderId, OrderEventType type) {
        NoticeLogRow row = noticeLog.find(orderId, type);
        return row == null ? null : row.status();
    }

    private NoticeLogRow find(long orderId, OrderEventType type) {
        NoticeLogRow row = noticeLog.find(orderId, type);
        if (row == null) {
            // rows are never deleted while their order is live: a unique-key conflict without a row is a bug
            throw new IllegalStateException("order " + orderId + ": " + type + " notice conflicts but has no row");
        }
        return row;
    }
}
