package dev.eventual.notice.delivery;

import dev.eventual.common.messaging.OrderEventType;
import dev.eventual.common.status.ConsumeStatus;
import dev.eventual.consumer.report.ReportCoalescer;
import dev.eventual.consumer.retention.LateEvents;
import dev.eventual.consumer.retention.RetentionProperties;
import dev.eventual.notice.channel.Notice;
import dev.eventual.notice.channel.NoticeChannel;
import dev.eventual.notice.channel.NoticeRefusedException;
import dev.eventual.notice.compose.NoticeComposer;
import dev.eventual.notice.compose.NoticeRequest;
import dev.eventual.notice.compose.PatternRecipientResolver;
import dev.eventual.notice.config.NoticeMetrics;
import dev.eventual.notice.store.NoticeStatus;
import dev.eventual.tracing.OrderTraces;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.tracing.Tracer;
import io.micrometer.tracing.propagation.Propagator;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.dao.DataAccessResourceFailureException;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyInt;
import static org.mockito.ArgumentMatchers.anyString;
import static org.mockito.ArgumentMatchers.argThat;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.ArgumentMatchers.isNull;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

/**
 * The delivery's decisions, with the claim store, channel and report coalescer faked. Its clock is fixed, and events
 * are born an hour before it unless a test is about a late one (born beyond the 30-day retention).
 */
class NoticeDeliveryTest {

    private static final Instant NOW = Instant.parse("2026-11-20T12:00:00Z");
    private static final Instant RECENT = NOW.minus(Duration.ofHours(1));
    private static final Instant LATE = NOW.minus(Duration.ofDays(31));
    private static final String LATE_REFUSAL = "event born 2026-10-20T12:00:00Z, older than the retention 30d";
    private static final NoticeRequest REQUEST = new NoticeRequest(42, OrderEventType.ORDER_CREATED, 7, 3, 1, null, RECENT);

    private final NoticeClaims claims = mock(NoticeClaims.class);
    private final ReportCoalescer reports = mock(ReportCoalescer.class);
    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final ScriptedChannel channel = new ScriptedChannel();
    private NoticeDelivery delivery;

    @BeforeEach
    void setUp() {
        LateEvents lateEvents = new LateEvents(new RetentionProperties(Duration.ofDays(30), Duration.ofMinutes(5),
                Duration.ofDays(1), Duration.ofHours(72), 1000, Duration.ofSeconds(20)), Clock.fixed(NOW, ZoneOffset.UTC));
        delivery = new NoticeDelivery(new NoticeComposer(new PatternRecipientResolver("user-{userId}@example.com")),
                claims, new LateNotices(lateEvents), channel, reports, new NoticeMetrics(registry),
                new OrderTraces(Tracer.NOOP, Propagator.NOOP));
    }

    @Test
    void theClaimerSendsRecordsSuccessAndReportsIt() {
        when(claims.claim(any(), eq("scripted"), isNull())).thenReturn(Claim.won(1));
        when(claims.succeed(any())).thenReturn(true);

        DeliveryResult result = delivery.deliver(REQUEST);

        assertThat(result.outcome()).isEqualTo(DeliveryOutcome.SENT);
        assertThat(result.status()).isEqualTo(NoticeStatus.SUCCESS);
        assertThat(channel.sent).extracting(Notice::messageId).containsExactly("<order-42-order-created@eventual.notice>");
        verify(claims).succeed(any());
        verifyReported(42, ConsumeStatus.SUCCESS);
    }

    @Test
    void anAlreadySentNoticeSendsNothingAndRepeatsTheSuccessReport() {
        when(claims.claim(any(), anyString(), isNull())).thenReturn(Claim.lost(1, NoticeStatus.SUCCESS));

        DeliveryResult result = delivery.deliver(REQUEST);

        assertThat(result.outcome()).isEqualTo(DeliveryOutcome.ALREADY_SENT);
        assertThat(channel.sent).isEmpty();
        assertThat(registry.counter("eventual.notice.duplicates").count()).isEqualTo(1);
        verifyReported(42, ConsumeStatus.SUCCESS);
    }

    @Test
    void aNoticeHeldElsewhereSendsAndReportsNothing() {
        when(claims.claim(any(), anyString(), isNull())).thenReturn(Claim.lost(2, NoticeStatus.PROCESSING));

        DeliveryResult result = delivery.deliver(REQUEST);

        assertThat(result.outcome()).isEqualTo(DeliveryOutcome.IN_PROGRESS);
        assertThat(result.status()).isEqualTo(NoticeStatus.PROCESSING);
        assertThat(channel.sent).isEmpty();
        verify(reports, never()).submit(any());
    }

    @Test
    void aRefusalIsRecordedFailCountedAndReported() {
        when(claims.claim(any(), anyString(), isNull())).thenReturn(Claim.won(3));
        when(claims.fail(any(), eq(3), anyString())).thenReturn(true);
        channel.failure = new NoticeRefusedException("invalid recipient address");

        DeliveryResult result = delivery.deliver(REQUEST);

        assertThat(result.outcome()).isEqualTo(DeliveryOutcome.REFUSED);
        assertThat(result.status()).isEqualTo(NoticeStatus.FAIL);
        verify(claims).fail(any(), eq(3), eq("invalid recipient address"));
        verify(claims, never()).succeed(any());
        assertThat(registry.counter("eventual.notice.failures", "reason", "refused").count()).isEqualTo(1);
        verifyReported(42, ConsumeStatus.FAIL);
    }

    @Test
    void aTechnicalFailureLeavesProcessingAndThrows() {
        when(claims.claim(any(), anyString(), isNull())).thenReturn(Claim.won(1));
        channel.failure = new IllegalStateException("Connection refused");

        assertThatThrownBy(() -> delivery.deliver(REQUEST)).isInstanceOf(ChannelUnavailableException.class);

        verify(claims).recordTechnicalFailure(any(), eq(1), anyString());
        verify(claims, never()).succeed(any());
        verify(claims, never()).fail(any(), anyInt(), anyString());
        assertThat(registry.counter("eventual.notice.failures", "reason", "channel_unavailable").count()).isEqualTo(1);
        verifyReported(42, ConsumeStatus.PROCESSING);
    }

    @Test
    void anUnreachableDatabaseSendsNothingAndThrows() {
        when(claims.claim(any(), anyString(), isNull())).thenThrow(new DataAccessResourceFailureException("down"));

        assertThatThrownBy(() -> delivery.deliver(REQUEST)).isInstanceOf(DataAccessResourceFailureException.class);

        assertThat(channel.sent).isEmpty();
        assertThat(registry.counter("eventual.notice.failures", "reason", "database").count()).isEqualTo(1);
        verify(reports, never()).submit(any());
    }

    @Test
    void freshNoticesOfABatchAreClaimedAndRecordedWithOneStatementEach() {
        when(claims.claimAllFresh(any(), any(), eq("scripted"))).thenReturn(true);
        when(claims.succeedAll(any())).thenReturn(3);

        List<DeliveryAttempt> attempts = delivery.deliverAll(List.of(request(42), request(43), request(44)));

        assertThat(attempts).extracting(attempt -> attempt.result().outcome()).containsOnly(DeliveryOutcome.SENT);
        assertThat(channel.sent).extracting(Notice::orderId).containsExactly(42L, 43L, 44L);
        verify(claims, never()).claim(any(), anyString(), any());
        verify(claims).succeedAll(argThat(notices -> notices.size() == 3));
        verifyReported(44, ConsumeStatus.SUCCESS);
    }

    @Test
    void aChannelFailureStopsTheBatchRecordsWhatWasSentAndGivesBackTheRestsClaims() {
        when(claims.claimAllFresh(any(), any(), eq("scripted"))).thenReturn(true);
        when(claims.succeedAll(any())).thenReturn(1);
        channel.failing.add(43L);

        List<DeliveryAttempt> attempts = delivery.deliverAll(List.of(request(42), request(43), request(44)));

        assertThat(attempts).hasSize(2);
        assertThat(attempts.get(0).result().outcome()).isEqualTo(DeliveryOutcome.SENT);
        assertThat(attempts.get(1).failure()).isInstanceOf(ChannelUnavailableException.class);
        assertThat(channel.sent).extracting(Notice::orderId).containsExactly(42L);
        verify(claims).succeedAll(argThat(notices -> notices.size() == 1 && notices.get(0).orderId() == 42L));
        verify(claims).recordTechnicalFailure(argThat(notice -> notice.orderId() == 43L), eq(1), anyString());
        verify(claims).releaseUnsent(argThat(notices -> notices.size() == 1 && notices.get(0).orderId() == 44L));
        verifyReported(43, ConsumeStatus.PROCESSING);
    }

    @Test
    void aBatchWithANoticeSeenBeforeIsDeliveredNoticeByNotice() {
        when(claims.claimAllFresh(any(), any(), eq("scripted"))).thenReturn(false);
        when(claims.claim(any(), eq("scripted"), isNull())).thenReturn(Claim.won(1), Claim.lost(1, NoticeStatus.SUCCESS));
        when(claims.succeed(any())).thenReturn(true);

        List<DeliveryAttempt> attempts = delivery.deliverAll(List.of(request(42), request(43)));

        assertThat(attempts).extracting(attempt -> attempt.result().outcome())
                .containsExactly(DeliveryOutcome.SENT, DeliveryOutcome.ALREADY_SENT);
        assertThat(channel.sent).extracting(Notice::orderId).containsExactly(42L);
        verify(claims, never()).succeedAll(any());
    }

    @Test
    void aBatchOverItsBudgetAnswersWithTheNoticesStartedAndGivesBackTheRestsClaims() {
        when(claims.claimAllFresh(any(), any(), eq("scripted"))).thenReturn(true);
        when(claims.succeedAll(any())).thenReturn(1);

        // a spent budget still lets the first notice through, so a slow channel makes progress call by call
        List<DeliveryAttempt> attempts = delivery.deliverWithin(List.of(request(42), request(43), request(44)), Duration.ZERO);

        assertThat(attempts).extracting(attempt -> attempt.result().outcome()).containsExactly(DeliveryOutcome.SENT);
        assertThat(channel.sent).extracting(Notice::orderId).containsExactly(42L);
        verify(claims).succeedAll(argThat(notices -> notices.size() == 1 && notices.get(0).orderId() == 42L));
        verify(claims).releaseUnsent(argThat(notices -> notices.stream().map(Notice::orderId).toList().equals(List.of(43L, 44L))));
    }

    @Test
    void aBatchDeliveredNoticeByNoticeStopsAtItsBudgetToo() {
        when(claims.claimAllFresh(any(), any(), eq("scripted"))).thenReturn(false);
        when(claims.claim(any(), eq("scripted"), isNull())).thenReturn(Claim.won(1));
        when(claims.succeed(any())).thenReturn(true);

        List<DeliveryAttempt> attempts = delivery.deliverWithin(List.of(request(42), request(43)), Duration.ZERO);

        assertThat(attempts).hasSize(1);
        assertThat(channel.sent).extracting(Notice::orderId).containsExactly(42L);
        verify(claims).claim(any(), eq("scripted"), isNull());
    }

    @Test
    void aBatchWithinItsBudgetIsDeliveredWhole() {
        when(claims.claimAllFresh(any(), any(), eq("scripted"))).thenReturn(true);
        when(claims.succeedAll(any())).thenReturn(3);

        List<DeliveryAttempt> attempts = delivery.deliverWithin(List.of(request(42), request(43), request(44)), Duration.ofMinutes(1));

        assertThat(attempts).hasSize(3);
        verify(claims, never()).releaseUnsent(any());
    }

    /** A broker delivery's refusal is reported by its handler, at once (NoticeEventHandlerTest), not queued here. */
    @Test
    void aLateEventWithoutARecordIsRefusedInPlaceOfItsClaimAndSendsNothing() {
        when(claims.claim(any(), eq("scripted"), eq(LATE_REFUSAL))).thenReturn(Claim.refused(0, LATE_REFUSAL));

        DeliveryResult result = delivery.deliver(late(42));

        assertThat(result.outcome()).isEqualTo(DeliveryOutcome.TOO_LATE);
        assertThat(result.status()).isEqualTo(NoticeStatus.REFUSED);
        assertThat(result.detail()).isEqualTo("refused: " + LATE_REFUSAL + "; nothing sent");
        assertThat(channel.sent).isEmpty();
        verify(claims, never()).succeed(any());
        verify(claims, never()).fail(any(), anyInt(), anyString());
        verify(reports, never()).submit(any());
        assertThat(registry.counter("eventual.notice.refused", "type", "ORDER_CREATED").count()).isEqualTo(1);
        assertThat(registry.counter("eventual.notice.duplicates").count()).isZero();
    }

    /**
     * A redelivery, or a re-drive, meets the REFUSED record: whatever its own age, nothing is sent. A re-drive's
     * refusal is reported here, queued as every other outcome of it.
     */
    @Test
    void aRefusedNoticeMetAgainStaysRefused() {
        when(claims.claim(any(), anyString(), isNull())).thenReturn(Claim.refused(0, LATE_REFUSAL));

        DeliveryResult result = delivery.deliver(REQUEST);
        List<DeliveryAttempt> redriven = delivery.deliverWithin(List.of(REQUEST), Duration.ofSeconds(3));

        assertThat(result.outcome()).isEqualTo(DeliveryOutcome.TOO_LATE);
        assertThat(redriven).extracting(attempt -> attempt.result().outcome()).containsExactly(DeliveryOutcome.TOO_LATE);
        assertThat(channel.sent).isEmpty();
        verify(reports).submit(argThat(report -> report.orderId() == 42 && report.status() == ConsumeStatus.REFUSED
                && report.detail().equals("refused: " + LATE_REFUSAL)));
    }

    /** A record that exists decides, whatever the event's age: the claim is asked to refuse only a missing one. */
    @Test
    void aLateEventWhoseRecordExistsIsHandledAsBefore() {
        when(claims.claim(any(), eq("scripted"), eq(LATE_REFUSAL)))
                .thenReturn(Claim.lost(1, NoticeStatus.SUCCESS), Claim.won(2));
        when(claims.succeed(any())).thenReturn(true);

        assertThat(delivery.deliver(late(42)).outcome()).isEqualTo(DeliveryOutcome.ALREADY_SENT);
        assertThat(channel.sent).isEmpty();
        assertThat(delivery.deliver(late(42)).outcome()).isEqualTo(DeliveryOutcome.SENT);
        assertThat(channel.sent).extracting(Notice::orderId).containsExactly(42L);
        assertThat(registry.counter("eventual.notice.refused", "type", "ORDER_CREATED").count()).isZero();
    }

    /**
     * The refusal rides in the batch's one claim statement; the late notice is neither sent nor recorded SUCCESS. In
     * a re-drive's batch, as here, it is reported with the others.
     */
    @Test
    void aLateEventInABatchOfFreshOnesIsRefusedByTheBatchsClaim() {
        when(claims.claimAllFresh(any(), any(), eq("scripted"))).thenReturn(true);
        when(claims.succeedAll(any())).thenReturn(2);

        List<DeliveryAttempt> attempts = delivery.deliverWithin(List.of(request(42), late(43), request(44)),
                Duration.ofSeconds(3));

        assertThat(attempts).extracting(attempt -> attempt.result().outcome())
                .containsExactly(DeliveryOutcome.SENT, DeliveryOutcome.TOO_LATE, DeliveryOutcome.SENT);
        assertThat(attempts.get(1).result().status()).isEqualTo(NoticeStatus.REFUSED);
        assertThat(channel.sent).extracting(Notice::orderId).containsExactly(42L, 44L);
        verify(claims).claimAllFresh(argThat(notices -> notices.stream().map(Notice::orderId).toList()
                .equals(List.of(42L, 43L, 44L))), eq(Arrays.asList(null, LATE_REFUSAL, null)), eq("scripted"));
        verify(claims).succeedAll(argThat(notices -> notices.stream().map(Notice::orderId).toList().equals(List.of(42L, 44L))));
        verify(claims, never()).claim(any(), anyString(), any());
        verify(reports).submit(argThat(report -> report.orderId() == 43 && report.status() == ConsumeStatus.REFUSED
                && report.detail().startsWith("refused: event born")));
    }

    private void verifyReported(long orderId, ConsumeStatus status) {
        verify(reports).submit(argThat(report -> report.orderId() == orderId
                && report.eventType() == OrderEventType.ORDER_CREATED && report.status() == status));
    }

    private static NoticeRequest request(long orderId) {
        return new NoticeRequest(orderId, OrderEventType.ORDER_CREATED, 7, 3, 1, null, RECENT);
    }

    private static NoticeRequest late(long orderId) {
        return new NoticeRequest(orderId, OrderEventType.ORDER_CREATED, 7, 3, 1, null, LATE);
    }

    private static final class ScriptedChannel implements NoticeChannel {
        private final List<Notice> sent = new ArrayList<>();
        private final Set<Long> failing = new HashSet<>();
        private RuntimeException failure;

        @Override
        public String name() {
            return "scripted";
        }

        @Override
        public void send(Notice notice) {
            if (failure != null) {
                throw failure;
            }
            if (failing.contains(notice.orderId())) {
                throw new IllegalStateException("Connection refused");
            }
            sent.add(notice);
        }
    }
}
