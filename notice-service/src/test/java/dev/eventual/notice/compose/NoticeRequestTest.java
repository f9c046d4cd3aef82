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

    @Test
    void takesWhatANoticeNeedsFromEitherEvent() {
        assertThat(NoticeRequest.of(new OrderCreatedEvent(1, 10, 20, 30, 4, Instant.EPOCH)))
                .isEqualTo(new NoticeRequest(10, OrderEventType.ORDER_CREATED, 20, 30, 4, null));
        assertThat(NoticeRequest.of(new OrderCanceledEvent(1, 10, 20, 30, 4, "why", Instant.EPOCH, Instant.EPOCH)))
                .isEqualTo(new NoticeRequest(10, OrderEventType.ORDER_CANCELED, 20, 30, 4, "why"));
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
