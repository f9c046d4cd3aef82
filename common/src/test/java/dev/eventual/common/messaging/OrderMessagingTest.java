package dev.eventual.common.messaging;

import org.junit.jupiter.api.Test;

import java.util.Arrays;

import static org.assertj.core.api.Assertions.assertThat;

class OrderMessagingTest {

    @Test
    void subscriptionExpressionNamesEveryEventTagOnce() {
        assertThat(Arrays.stream(OrderMessaging.ALL_ORDER_EVENT_TAGS.split("\\|\\|")).map(String::trim))
                .containsExactlyInAnyOrder(Arrays.stream(OrderEventType.values()).map(OrderEventType::tag).toArray(String[]::new));
    }

    @Test
    void tagsMapBackToTheirEventType() {
        for (OrderEventType type : OrderEventType.values()) {
            assertThat(OrderEventType.fromTag(type.tag())).isEqualTo(type);
        }
    }
}
