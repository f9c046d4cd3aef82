package dev.eventual.notice.compose;

import dev.eventual.common.event.OrderCanceledEvent;
import dev.eventual.common.event.OrderCreatedEvent;
import dev.eventual.common.messaging.OrderEventType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class NoticeRequestTest {

    private static final Instant ORDER_CREATED_AT = Instant.parse("2026-11-20T09:41:27.318Z");
    private static final Instant CANCELED_AT = Instant.parse("2026-12-24T18:00:00Z");

    @Test
    void takesWhatANoticeNeedsFromEitherEvent() {
        assertThat(NoticeRequest.of(new OrderCreatedEvent(2, 10, 20, 30, 4, ORDER_CREATED_AT)))
                .isEqualTo(new NoticeRequest(10, OrderEventType.ORDER_CREATED, 20, 30, 4, null, ORDER_CREATED_AT));
        assertThat(NoticeRequest.of(new OrderCanceledEvent(2, 10, 20, 30, 4, "why", CANCELED_AT, ORDER_CREATED_AT)))
                .isEqualTo(new NoticeRequest(10, OrderEventType.ORDER_CANCELED, 20, 30, 4, "why", CANCELED_AT));
    }

    /**
     * notice_log keeps a record per notice, written after its own event: a cancel notice is judged by the cancel's time,
     * not by its order's age (docs/retention.md), so a recent cancel of an old order is still sent.
     */
    @Test
    void aNoticeIsBornWithItsOwnEvent() {
        assertThat(NoticeRequest.of(new OrderCreatedEvent(2, 10, 20, 30, 4, ORDER_CREATED_AT)).born()).isEqualTo(ORDER_CREATED_AT);
        assertThat(NoticeRequest.of(new OrderCanceledEvent(2, 10, 20, 30, 4, "why", CANCELED_AT, ORDER_CREATED_AT)).born())
                .isEqualTo(CANCELED_AT);
        assertThat(NoticeRequest.of(new OrderCanceledEvent(1, 10, 20, 30, 4, "why", CANCELED_AT, null)).born())
                .isEqualTo(CANCELED_AT);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({
            "orderId, 0, 1, 1, 1",
            "orderId, -1, 1, 1, 1",
            "userId, 1, 0, 1, 1",
            "skuId, 1, 1, -7, 1",
            "quantity, 1, 1, 1, 0"})
    void namesTheFieldNoRealOrderCanHave(String field, long orderId, long userId, long skuId, int quantity) {
        assertThatThrownBy(() -> NoticeRequest.of(new OrderCreatedEvent(1, orderId, userId, skuId, quantity, null)))
                .isInstanceOfSatisfying(InvalidNoticeRequestException.class, e -> assertThat(e.param().name()).isEqualTo(field));
    }
}
