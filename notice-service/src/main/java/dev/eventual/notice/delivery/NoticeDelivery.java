package dev.eventual.notice.delivery;

import dev.eventual.consumer.retention.LateEvents;
import dev.eventual.consumer.report.ReportCoalescer;
import dev.eventual.consumer.report.StatusReport;
import dev.eventual.notice.channel.Notice;
import dev.eventual.notice.channel.NoticeChannel;
import dev.eventual.notice.channel.NoticeRefusedException;
import dev.eventual.notice.compose.NoticeComposer;
import dev.eventual.notice.compose.NoticeRequest;
import dev.eventual.notice.config.NoticeMetrics;
import dev.eventual.notice.store.NoticeStatus;
import dev.eventual.tracing.OrderTraces;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessException;
import org.springframework.stereotype.Service;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Sends a notice at most once per claim and at least once overall (docs/design.md, "Notices: at
 * least once"): claim it in notice_log, call the channel with no transaction open, record SUCCESS
 * or FAIL, then report the status to order-service. Used by the consumer and by the retry API alike.
 * A notice whose event came after the retention with no record is refused in place of its claim and never
 * sent ({@link LateNotices}, docs/retention.md).
 */
@Service
public class NoticeDelivery {

    private static final Logger log = LoggerFactory.getLogger(NoticeDelivery.class);

    private final NoticeComposer composer;
    private final NoticeClaims claims;
    private final LateNotices lateNotices;
    private final NoticeChannel channel;
    private final ReportCoalescer reports;
    private final NoticeMetrics metrics;
    private final OrderTraces traces;

    public NoticeDelivery(NoticeComposer composer, NoticeClaims claims, LateNotices lateNotices, NoticeChannel channel,
                          ReportCoalescer reports, NoticeMetrics metrics, OrderTraces traces) {
        this.composer = composer;
        this.claims = claims;
        this.lateNotices = lateNotices;
        this.channel = channel;
        this.reports = reports;
        this.metrics = metrics;
        this.traces = traces;
    }

    /**
     * A broker delivery: its refusal (TOO_LATE) is not reported here, the caller reports it at once.
     *
     * @throws ChannelUnavailableException when the channel failed for a technical reason (the notice
     *                                     stays PROCESSING; its lease lets a later delivery take it over)
     * @throws DataAccessException         when notice_log is unreachable (nothing was sent)
     */
    public DeliveryResult deliver(NoticeRequest request) {
        return deliver(request, false);
    }

    /** @param reportRefusal whether a refusal is reported here, or by the caller (a broker delivery's handler) */
    private DeliveryResult deliver(NoticeRequest request, boolean reportRefusal) {
        try (OrderTraces.OrderScope scope = inTrace(request)) {
            return deliverInTrace(request, reportRefusal);
        }
    }

    private DeliveryResult deliverInTrace(NoticeRequest request, boolean reportRefusal) {
        Notice notice = composer.compose(request);
        try {
            Claim claim = claims.claim(notice, channel.name(), lateNotices.refusal(request));
            if (claim.claimed()) {
                return send(notice, claim.attempt());
            }
            if (claim.found() == NoticeStatus.REFUSED) {
                return tooLate(notice, claim.refusal(), reportRefusal);
            }
            metrics.duplicate();
            if (claim.found() == NoticeStatus.SUCCESS) {
                log.info("Order {}: {} notice already sent; nothing sent", notice.orderId(), notice.type());
                // repeat the report: the first one may have been lost, and order-service accepts repeats
                report(notice, NoticeStatus.SUCCESS, "already sent");
                return new DeliveryResult(DeliveryOutcome.ALREADY_SENT, NoticeStatus.SUCCESS, "already sent; nothing sent");
            }
            log.info("Order {}: {} notice is being sent by another delivery (attempt {}); nothing sent",
                    notice.orderId(), notice.type(), claim.attempt());
            return new DeliveryResult(DeliveryOutcome.IN_PROGRESS, NoticeStatus.PROCESSING,
                    "another delivery is sending it (attempt " + claim.attempt() + "); nothing sent");
        } catch (DataAccessException e) {
            metrics.failure(NoticeMetrics.Failure.DATABASE);
            log.warn("Order {}: {} notice: notice_log unavailable: {}", notice.orderId(), notice.type(), e.toString());
            throw e;
        }
    }

    /**
     * Many notices, in order, as {@link #deliver} would send each, with fewer statements in the usual
     * case: when none of them has a notice_log row yet, one statement claims them all (refusing those whose
     * event came after the retention) and one records the sent ones SUCCESS (a crash in between resends
     * them after the lease, as a crash between a single send and its record does). Otherwise each is
     * delivered alone. Stops at the first notice
     * that fails for a technical reason; the batch's claims of the notices after it are given back. A broker
     * delivery: refusals (TOO_LATE) are not reported here, the caller reports them at once.
     *
     * @return an attempt per notice up to and including the one that failed
     * @throws DataAccessException when notice_log is unreachable before anything was sent
     */
    public List<DeliveryAttempt> deliverAll(List<NoticeRequest> requests) {
        return deliver(requests, Long.MAX_VALUE, false);
    }

    /**
     * As {@link #deliverAll}, but starts no notice after {@code budget} has passed (the first one is always
     * tried, so a slow channel still gets through a batch, call by call): a caller that waits a bounded time,
     * the reconcile job's re-drive, gets its answer in time, and the notices not started are given back
     * and left to its next run (docs/notice-service.md, "Re-drive"). Refusals are reported here, queued as every
     * other outcome: the re-drive's caller reads them from the answer.
     *
     * @return an attempt per notice up to the failed one or the last one started within the budget
     */
    public List<DeliveryAttempt> deliverWithin(List<NoticeRequest> requests, Duration budget) {
        return deliver(requests, System.nanoTime() + budget.toNanos(), true);
    }

    private List<DeliveryAttempt> deliver(List<NoticeRequest> requests, long deadline, boolean reportRefusals) {
        List<Notice> notices = requests.stream().map(composer::compose).toList();
        // null for most: a late event's refusal goes into the same claim statement, it adds none of its own
        List<String> refusals = requests.stream().map(lateNotices::refusal).collect(Collectors.toList());
        boolean claimed;
        try {
            claimed = notices.size() > 1 && claims.claimAllFresh(notices, refusals, channel.name());
        } catch (DataAccessException e) {
            metrics.failure(NoticeMetrics.Failure.DATABASE);
            log.warn("Orders {}: notices: notice_log unavailable: {}", notices.stream().map(Notice::orderId).toList(),
                    e.toString());
            throw e;
        }
        return claimed ? sendClaimed(requests, notices, refusals, deadline, reportRefusals)
                : deliverEach(requests, deadline, reportRefusals);
    }

    private static boolean overBudget(int index, long deadline) {
        return index > 0 && System.nanoTime() - deadline > 0;
    }

    private List<DeliveryAttempt> deliverEach(List<NoticeRequest> requests, long deadline, boolean reportRefusals) {
        List<DeliveryAttempt> attempts = new ArrayList<>();
        for (NoticeRequest request : requests) {
            if (overBudget(attempts.size(), deadline)) {
                break;
            }
            try {
                attempts.add(DeliveryAttempt.done(deliver(request, reportRefusals)));
            } catch (RuntimeException e) {
                attempts.add(DeliveryAttempt.failed(e));
                break;
            }
        }
        return attempts;
    }

    /**
     * This caller holds every notice's first claim, but for those it refused (their event came after the retention);
     * each is sent, or told refused, in its order's trace.
     */
    private List<DeliveryAttempt> sendClaimed(List<NoticeRequest> requests, List<Notice> notices, List<String> refusals,
                                              long deadline, boolean reportRefusals) {
        List<DeliveryAttempt> attempts = new ArrayList<>();
        List<Integer> sent = new ArrayList<>();
        for (int i = 0; i < notices.size(); i++) {
            if (overBudget(i, deadline)) {
                claims.releaseUnsent(notices.subList(i, notices.size()));
                break;
            }
            DeliveryAttempt attempt;
            try (OrderTraces.OrderScope scope = inTrace(requests.get(i))) {
                attempt = refusals.get(i) == null ? sendFirst(notices.get(i))
                        : DeliveryAttempt.done(tooLate(notices.get(i), refusals.get(i), reportRefusals));
            }
            attempts.add(attempt);
            if (attempt == null) {
                sent.add(i);
            } else if (attempt.failure() != null) {
                claims.releaseUnsent(notices.subList(i + 1, notices.size()));
                break;
            }
        }
        List<Notice> sentNotices = sent.stream().map(notices::get).toList();
        int recorded = claims.succeedAll(sentNotices);
        if (recorded < sentNotices.size()) {
            log.warn("Orders {}: notices sent, but {} of them had an outcome recorded by another attempt first",
                    sentNotices.stream().map(Notice::orderId).toList(), sentNotices.size() - recorded);
        }
        for (int i : sent) {
            try (OrderTraces.OrderScope scope = inTrace(requests.get(i))) {
                attempts.set(i, DeliveryAttempt.done(succeeded(notices.get(i), 1)));
            }
        }
        return attempts;
    }

    /** A batch's notice on its first attempt; null when the channel took it (SUCCESS is recorded for the batch). */
    private DeliveryAttempt sendFirst(Notice notice) {
        try {
            channel.send(notice);
            return null;
        } catch (NoticeRefusedException e) {
            return DeliveryAttempt.done(refused(notice, 1, e.getMessage()));
        } catch (RuntimeException e) {
            return DeliveryAttempt.failed(technicalFailure(notice, 1, e));
        }
    }

    private OrderTraces.OrderScope inTrace(NoticeRequest request) {
        return traces.resume("notice", request.orderId(), request.traceparent());
    }

    /** This caller holds the claim. No transaction is open here: the channel may take seconds. */
    private DeliveryResult send(Notice notice, int attempt) {
        try {
            channel.send(notice);
        } catch (NoticeRefusedException e) {
            return refused(notice, attempt, e.getMessage());
        } catch (RuntimeException e) {
            throw technicalFailure(notice, attempt, e);
        }
        // The notice is out. A crash (or a database failure) before SUCCESS is recorded leaves the row
        // PROCESSING; once its lease runs out a later delivery sends it again: at-least-once, and the
        // stable message id lets the receiver drop the duplicate.
        if (!claims.succeed(notice)) {
            log.warn("Order {}: {} notice sent by attempt {}, but another attempt recorded {} first", notice.orderId(),
                    notice.type(), attempt, claims.statusOf(notice.orderId(), notice.type()));
        }
        return succeeded(notice, attempt);
    }

    /** Records what it can of a channel failure and reports PROCESSING; the notice stays PROCESSING. */
    private ChannelUnavailableException technicalFailure(Notice notice, int attempt, RuntimeException e) {
        metrics.failure(NoticeMetrics.Failure.CHANNEL_UNAVAILABLE);
        log.warn("Order {}: {} notice attempt {} failed, will be tried again: {}", notice.orderId(), notice.type(),
                attempt, e.toString());
        try {
            claims.recordTechnicalFailure(notice, attempt, e.toString());
        } catch (DataAccessException recordFailure) {
            log.warn("Order {}: could not record the failure either: {}", notice.orderId(), recordFailure.toString());
        }
        report(notice, NoticeStatus.PROCESSING, "channel unavailable: " + e);
        return new ChannelUnavailableException(notice.orderId(), notice.type(), e);
    }

    private DeliveryResult succeeded(Notice notice, int attempt) {
        log.info("Order {}: {} notice sent through {} to {} (attempt {}, message id {})", notice.orderId(),
                notice.type(), channel.name(), notice.recipient(), attempt, notice.messageId());
        report(notice, NoticeStatus.SUCCESS, "sent through " + channel.name());
        return new DeliveryResult(DeliveryOutcome.SENT, NoticeStatus.SUCCESS, "sent through " + channel.name());
    }

    /**
     * The notice's event came after the retention, and its record is REFUSED (this delivery wrote it, or found it):
     * nothing is sent, and order-service hears REFUSED, which reconciliation escalates to a work order at once. A
     * broker delivery's handler reports it itself, at once, and acknowledges the message only once it was taken
     * ({@code NoticeEventHandler}); a re-drive's refusal goes through the queue like any other report.
     */
    private DeliveryResult tooLate(Notice notice, String refusal, boolean report) {
        metrics.tooLate(notice.type());
        log.warn("Order {}: {} notice refused, nothing sent: {}; its record may have been cleaned, so it may have been"
                + " sent already (docs/retention.md)", notice.orderId(), notice.type(), refusal);
        if (report) {
            report(notice, NoticeStatus.REFUSED, LateEvents.REFUSED + refusal);
        }
        return new DeliveryResult(DeliveryOutcome.TOO_LATE, NoticeStatus.REFUSED, LateEvents.REFUSED + refusal + "; nothing sent");
    }

    private DeliveryResult refused(Notice notice, int attempt, String reason) {
        metrics.failure(NoticeMetrics.Failure.REFUSED);
        log.warn("Order {}: {} notice refused by the {} channel (attempt {}), recorded FAIL: {}", notice.orderId(),
                notice.type(), channel.name(), attempt, reason);
        if (!claims.fail(notice, attempt, reason)) {
            log.warn("Order {}: {} notice: attempt {} no longer holds the claim; FAIL not recorded", notice.orderId(),
                    notice.type(), attempt);
        }
        report(notice, NoticeStatus.FAIL, "refused: " + reason);
        return new DeliveryResult(DeliveryOutcome.REFUSED, NoticeStatus.FAIL, "refused: " + reason);
    }

    /**
     * Tells order-service, after notice_log recorded it, through the coalescer (one call per window).
     * A report that fails is counted, logged and left to reconciliation; it never undoes anything here.
     */
    private void report(Notice notice, NoticeStatus status, String detail) {
        reports.submit(new StatusReport(notice.orderId(), notice.type(), status.reported(), detail));
    }
}
