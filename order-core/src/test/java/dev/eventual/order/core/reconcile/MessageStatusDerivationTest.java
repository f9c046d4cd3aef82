package dev.eventual.order.core.reconcile;

import dev.eventual.common.status.ConsumeStatus;
import dev.eventual.order.core.status.MessageStatus;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class MessageStatusDerivationTest {

    @ParameterizedTest(name = "inventory {0}, notice {1} -> {2}")
    @CsvSource(nullValues = "NONE", value = {
            "NONE,       NONE,       SENT",
            "PROCESSING, NONE,       SENT",
            "SUCCESS,    NONE,       SENT",
            "SUCCESS,    PROCESSING, SENT",
            "SUCCESS,    SUCCESS,    CONSUMED",
            "FAIL,       SUCCESS,    FAIL",
            "SUCCESS,    FAIL,       FAIL",
            "FAIL,       NONE,       FAIL",
            "PROCESSING, FAIL,       FAIL"})
    void derivedFromEveryExpectedGroup(ConsumeStatus inventory, ConsumeStatus notice, MessageStatus expected) {
        Map<String, ConsumeStatus> reports = new java.util.HashMap<>();
        reports.put("inventory", inventory);
        reports.put("notice", notice);

        assertThat(ConsumerStatusRecorder.derive(List.of("inventory", "notice"), reports::get)).isEqualTo(expected);
    }
}
