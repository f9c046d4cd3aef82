package dev.eventual.notice.compose;

import dev.eventual.common.messaging.OrderEventType;
import jakarta.mail.internet.InternetAddress;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class MessageIdsTest {

    @Test
    void derivesTheIdFromOrderAndTypeOnly() {
        assertThat(MessageIds.of(42, OrderEventType.ORDER_CREATED)).isEqualTo("<order-42-order-created@eventual.notice>");
        assertThat(MessageIds.of(42, OrderEventType.ORDER_CANCELED)).isEqualTo("<order-42-order-canceled@eventual.notice>");
        assertThat(MessageIds.of(Long.MAX_VALUE, OrderEventType.ORDER_CREATED))
                .isEqualTo("<order-9223372036854775807-order-created@eventual.notice>");
    }

    @Test
    void isStableAndDistinctPerNotice() {
        assertThat(MessageIds.of(7, OrderEventType.ORDER_CREATED)).isEqualTo(MessageIds.of(7, OrderEventType.ORDER_CREATED));
        assertThat(MessageIds.of(7, OrderEventType.ORDER_CREATED)).isNotEqualTo(MessageIds.of(7, OrderEventType.ORDER_CANCELED));
        assertThat(MessageIds.of(7, OrderEventType.ORDER_CREATED)).isNotEqualTo(MessageIds.of(70, OrderEventType.ORDER_CREATED));
    }

    @Test
    void isAValidMsgIdThatFitsTheColumn() throws Exception {
        String id = MessageIds.of(Long.MAX_VALUE, OrderEventType.ORDER_CANCELED);
        // msg-id = "<" dot-atom-text "@" dot-atom-text ">", the same grammar as an address inside the brackets
        new InternetAddress(id.substring(1, id.length() - 1), true).validate();
        assertThat(id).startsWith("<").endsWith(">").hasSizeLessThanOrEqualTo(190);
    }

    @Test
    void refusesIdsNoOrderHas() {
        assertThatThrownBy(() -> MessageIds.of(0, OrderEventType.ORDER_CREATED)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> MessageIds.of(-1, OrderEventType.ORDER_CREATED)).isInstanceOf(IllegalArgumentException.class);
    }
}
