package dev.eventual.notice.compose;

import dev.eventual.common.event.OrderCanceledEvent;
import dev.eventual.common.event.OrderCreatedEvent;
import dev.eventual.common.messaging.OrderEventType;
import dev.eventual.notice.channel.Notice;
import org.junit.jupiter.api.Test;

import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;

class NoticeComposerTest {

    private final NoticeComposer composer = new NoticeComposer(new PatternRecipientResolver("user-{userId}@example.com"));

    @Test
    void aCreatedNoticeNamesOrderSkuAndQuantity() {
        Notice notice = composer.compose(NoticeRequest.of(new OrderCreatedEvent(1, 1001, 5, 77, 3, Instant.EPOCH)));

        assertThat(notice.orderId()).isEqualTo(1001);
        assertThat(notice.type()).isEqualTo(OrderEventType.ORDER_CREATED);
        assertThat(notice.recipient()).isEqualTo("user-5@example.com");
        assertThat(notice.messageId()).isEqualTo("<order-1001-order-created@eventual.notice>");
        assertThat(notice.subject()).isEqualTo("Order 1001 received");
        assertThat(notice.body()).startsWith("Order 1001: 3 x SKU 77.\n");
    }

    @Test
    void aCancelNoticeCarriesTheReasonOnOneShortLine() {
        Notice notice = composer.compose(NoticeRequest.of(
                new OrderCanceledEvent(1, 1002, 5, 78, 2, "  changed\nmy   mind ", Instant.EPOCH, Instant.EPOCH)));

        assertThat(notice.messageId()).isEqualTo("<order-1002-order-canceled@eventual.notice>");
        assertThat(notice.subject()).isEqualTo("Order 1002 canceled");
        assertThat(notice.body()).isEqualTo("Order 1002: 2 x SKU 78.\nYour order was canceled: changed my mind.\n");

        String longReason = "x".repeat(500);
        assertThat(composer.compose(NoticeRequest.of(new OrderCanceledEvent(1, 1002, 5, 78, 2, longReason, Instant.EPOCH, Instant.EPOCH)))
                .body()).contains("x".repeat(NoticeComposer.MAX_REASON) + "...").doesNotContain("x".repeat(NoticeComposer.MAX_REASON + 1));
        assertThat(composer.compose(NoticeRequest.of(new OrderCanceledEvent(1, 1002, 5, 78, 2, null, Instant.EPOCH, Instant.EPOCH)))
                .body()).endsWith("Your order was canceled.\n");
    }

    @Test
    void anUnknownRecipientBecomesBlankForTheChannelToRefuse() {
        NoticeComposer noDirectory = new NoticeComposer(userId -> null);

        assertThat(noDirectory.compose(NoticeRequest.of(new OrderCreatedEvent(1, 1003, 5, 77, 1, Instant.EPOCH)))
                .recipient()).isEmpty();
    }
}
