package dev.eventual.notice.delivery;

import dev.eventual.common.messaging.OrderEventType;
import dev.eventual.notice.channel.ChannelType;
import dev.eventual.notice.channel.Notice;
import dev.eventual.notice.config.NoticeProperties;
import dev.eventual.notice.store.NoticeLogMapper;
import dev.eventual.notice.store.NoticeLogRow;
import dev.eventual.notice.store.NoticeStatus;
import org.junit.jupiter.api.Test;
import org.springframework.dao.DuplicateKeyException;

import java.time.Duration;
import java.time.LocalDateTime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyLong;
import static org.mockito.ArgumentMatchers.anyString;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

/** The claim's part of the retention's rule (docs/retention.md), with notice_log's statements faked. */
class NoticeClaimsTest {

    private static final Notice NOTICE = new Notice(42, OrderEventType.ORDER_CREATED, "user-7@example.com",
            "<order-42-order-created@eventual.notice>", "Order 42 received", "body");
    private static final String REFUSAL = "event born 2026-10-20T12:00:00Z, older than the retention 30d";
    private static final LocalDateTime NOW = LocalDateTime.of(2026, 11, 20, 12, 0);

    private final NoticeLogMapper noticeLog = mock(NoticeLogMapper.class);
    private final NoticeClaims claims = new NoticeClaims(noticeLog, new NoticeProperties(ChannelType.MAIL, 16,
            Duration.ofSeconds(30), "user-{userId}@example.com", "no-reply@eventual.example", Duration.ofSeconds(3)));

    @Test
    void aLateNoticeWithoutARecordIsInsertedRefusedInPlaceOfItsClaim() {
        Claim claim = claims.claim(NOTICE, "mail", REFUSAL);

        assertThat(claim).isEqualTo(new Claim(false, 0, NoticeStatus.REFUSED, REFUSAL));
        verify(noticeLog).insertRefused(42, OrderEventType.ORDER_CREATED, "mail", "user-7@example.com",
                "<order-42-order-created@eventual.notice>", REFUSAL);
        verify(noticeLog, never()).insertClaimed(anyLong(), any(), anyString(), anyString(), anyString());
    }

    @Test
    void aLateNoticeWithARecordIsDecidedByItAsAlways() {
        when(noticeLog.insertRefused(anyLong(), any(), anyString(), anyString(), anyString(), anyString()))
                .thenThrow(new DuplicateKeyException("uk_notice_log_order_type"));
        when(noticeLog.find(42, OrderEventType.ORDER_CREATED)).thenReturn(row(NoticeStatus.FAIL, 1, "invalid recipient"));
        when(noticeLog.reclaim(anyLong(), any(), anyString(), anyString(), anyString(), anyLong())).thenReturn(1);

        assertThat(claims.claim(NOTICE, "mail", REFUSAL)).isEqualTo(Claim.won(2));
    }

    @Test
    void aRefusedRecordStaysRefusedWhateverTheEventsAge() {
        when(noticeLog.insertClaimed(anyLong(), any(), anyString(), anyString(), anyString()))
                .thenThrow(new DuplicateKeyException("uk_notice_log_order_type"));
        when(noticeLog.find(42, OrderEventType.ORDER_CREATED)).thenReturn(row(NoticeStatus.REFUSED, 0, REFUSAL));

        assertThat(claims.claim(NOTICE, "mail", null)).isEqualTo(new Claim(false, 0, NoticeStatus.REFUSED, REFUSAL));
        verify(noticeLog, never()).reclaim(anyLong(), any(), anyString(), anyString(), anyString(), anyLong());
    }

    /** The cleanup deleted the record between the INSERT's conflict and the read: the claim starts again. */
    @Test
    void aRecordCleanedWhileItIsReadIsClaimedAgain() {
        when(noticeLog.insertRefused(anyLong(), any(), anyString(), anyString(), anyString(), anyString()))
                .thenThrow(new DuplicateKeyException("uk_notice_log_order_type")).thenReturn(1);
        when(noticeLog.find(42, OrderEventType.ORDER_CREATED)).thenReturn(null);

        assertThat(claims.claim(NOTICE, "mail", REFUSAL)).isEqualTo(new Claim(false, 0, NoticeStatus.REFUSED, REFUSAL));
    }

    private static NoticeLogRow row(NoticeStatus status, int attempts, String lastError) {
        return new NoticeLogRow(42, OrderEventType.ORDER_CREATED, status, attempts, lastError, NOW.minusDays(2), NOW);
    }
}
