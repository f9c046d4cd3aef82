package dev.eventual.order.core.reconcile;

import dev.eventual.common.status.ConsumeStatus;
import dev.eventual.order.core.status.MessageStatus;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class MessageStatusDerivationTest {

    @ParameterizedTest(name = "{0}: inventory {1}, notice {2} -> {3}")
    @CsvSource(nullValues = "NONE", value = {
            "SENT,     NONE,       NONE,       SENT",
            "SENT,     PROCESSING, NONE,       SENT",
            "SENT,     SUCCESS,    NONE,       SENT",
            "SENT,     SUCCESS,    PROCESSING, SENT",
            "SENT,     SUCCESS,    SUCCESS,    CONSUMED",
            "SENT,     FAIL,       SUCCESS,    FAIL",
            "SENT,     SUCCESS,    FAIL,       FAIL",
            "SENT,     FAIL,       NONE,       FAIL",
            "SENT,     PROCESSING, FAIL,       FAIL",
            "FAIL,     SUCCESS,    SUCCESS,    CONSUMED",
            // a re-drive reached a consumer while the event waits for the relay: the relay still sends it
            "WAITING,  SUCCESS,    NONE,       WAITING",
            "WAITING,  SUCCESS,    PROCESSING, WAITING",
            "WAITING,  SUCCESS,    SUCCESS,    CONSUMED",
            "WAITING,  FAIL,       NONE,       FAIL"})
    void derivedFromEveryExpectedGroup(MessageStatus current, ConsumeStatus inventory, ConsumeStatus notice,
                                       MessageStatus expected) {
        Map<String, ConsumeStatus> reports = new java.util.HashMap<>();
        reports.put("inventory", inventory);
        reports.put("notice", notice);

        assertThat(ConsumerStatusRecorder.derive(current, List.of("inventory", "notice"), reports::get)).isEqualTo(expected);
    }
}
