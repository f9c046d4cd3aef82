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

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The claim protocol on notice_log: of any number of deliveries of one notice (redeliveries, duplicate
 * messages, retry calls, several instances), exactly one at a time may call the channel. Each step is
 * one short autocommit statement; none is open while the channel is called.
 * <ol>
 *   <li>INSERT the row as PROCESSING (attempt 1): the unique key lets one inserter win; for an event that came
 *       after the retention, INSERT it as REFUSED instead (docs/retention.md): without a record, the notice may
 *       have gone out already, its record cleaned, so it never goes now;</li>
 *   <li>else read it: SUCCESS → send nothing; PROCESSING with a live lease → held elsewhere; REFUSED → send
 *       nothing, ever; FAIL or an expired lease → take it over with a guarded UPDATE (attempts + 1), which again
 *       only one caller can win. A record that exists decides, whatever the event's age.</li>
 * </ol>
 * The refusal costs no statement of its own: it is the claim's INSERT with another status, in a batch's one INSERT too.
 */
@Component
public class NoticeClaims {

    private static final Logger log = LoggerFactory.getLogger(NoticeClaims.class);
    static final int MAX_TEXT = 512;
    static final int MAX_RECIPIENT = 320;
    /** A row that vanishes between the INSERT's conflict and the read was cleaned meanwhile: start again, this often. */
    private static final int MAX_ROUNDS = 3;
    /** Batches that overlap (a redelivery beside its first delivery) lock their rows in this one order. */
    private static final Comparator<NoticeClaimRow> KEY_ORDER = Comparator.comparingLong(NoticeClaimRow::orderId)
            .thenComparing(row -> row.type().name());

    private final NoticeLogMapper noticeLog;
    private final NoticeProperties properties;

    public NoticeClaims(NoticeLogMapper noticeLog, NoticeProperties properties) {
        this.noticeLog = noticeLog;
        this.properties = properties;
    }

    /**
     * @param refusal null to claim the notice; else why its event is too late (docs/retention.md): the notice is
     *                refused when it has no record yet, and decided by its record as always when it has one
     */
    public Claim claim(Notice notice, String channel, String refusal) {
        String recipient = Texts.truncate(notice.recipient(), MAX_RECIPIENT);
        String reason = Texts.truncate(refusal, MAX_TEXT);
        for (int round = 1; round <= MAX_ROUNDS; round++) {
            try {
                if (reason == null) {
                    noticeLog.insertClaimed(notice.orderId(), notice.type(), channel, recipient, notice.messageId());
                    return Claim.won(1);
                }
                noticeLog.insertRefused(notice.orderId(), notice.type(), channel, recipient, notice.messageId(), reason);
                return Claim.refused(0, reason);
            } catch (DuplicateKeyException e) {
                // the notice has a row: decide from it below
            }
            Claim decided = decide(notice, channel, recipient);
            if (decided != null) {
                return decided;
            }
        }
        throw new IllegalStateException("order " + notice.orderId() + ": " + notice.type() + " notice conflicts but its"
                + " row vanished " + MAX_ROUNDS + " times");
    }

    /** @return null when the row vanished before it was read (cleaned meanwhile): the caller starts again */
    private Claim decide(Notice notice, String channel, String recipient) {
        NoticeLogRow row = noticeLog.find(notice.orderId(), notice.type());
        if (row == null) {
            return vanished(notice);
        }
        ClaimDecision decision = ClaimRule.decide(row.status(), row.updatedAt(), row.databaseNow(), properties.lease());
        if (decision == ClaimDecision.REFUSED) {
            return Claim.refused(row.attempts(), row.lastError());
        }
        if (decision == ClaimDecision.TAKE_OVER) {
            long leaseMicros = properties.lease().toNanos() / 1_000;
            if (noticeLog.reclaim(notice.orderId(), notice.type(), channel, recipient, notice.messageId(), leaseMicros) == 1) {
                log.info("Order {}: took over the {} notice after {} (attempt {})", notice.orderId(), notice.type(),
                        row.status() == NoticeStatus.FAIL ? "a refusal" : "an expired lease", row.attempts() + 1);
                return Claim.won(row.attempts() + 1);
            }
            // another delivery took it over (or finished) between the read and the update
            row = noticeLog.find(notice.orderId(), notice.type());
            if (row == null) {
                return vanished(notice);
            }
        }
        return Claim.lost(row.attempts(), row.status() == NoticeStatus.SUCCESS ? NoticeStatus.SUCCESS : NoticeStatus.PROCESSING);
    }

    /**
     * The cleanup deletes only rows untouched for the retention (docs/retention.md), so a row that vanished was that
     * old: its event, born before it, is late too, and the next round's INSERT refuses it.
     */
    private static Claim vanished(Notice notice) {
        log.info("Order {}: the {} notice's record was cleaned while it was being read; claiming it again", notice.orderId(),
                notice.type());
        return null;
    }

    /**
     * Claims all the notices with one statement when none of them has a row yet, the usual case for
     * fresh events; the same statement refuses those whose event came after the retention. A single conflict
     * (a redelivery, a duplicate in the batch) inserts nothing.
     *
     * @param refusals for each notice, in order: null to claim it, else why its event is too late
     * @return false when one of them already has a row: each must then be claimed alone
     */
    public boolean claimAllFresh(List<Notice> notices, List<String> refusals, String channel) {
        List<NoticeClaimRow> rows = new ArrayList<>(notices.size());
        for (int i = 0; i < notices.size(); i++) {
            Notice notice = notices.get(i);
            rows.add(new NoticeClaimRow(notice.orderId(), notice.type(), Texts.truncate(notice.recipient(), MAX_RECIPIENT),
                    notice.messageId(), Texts.truncate(refusals.get(i), MAX_TEXT)));
        }
        rows.sort(KEY_ORDER);
        try {
            noticeLog.insertClaimedAll(rows, channel);
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
        return notices.stream().map(notice -> NoticeClaimRow.claim(notice.orderId(), notice.type(),
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
}
