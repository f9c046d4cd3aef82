package dev.eventual.common.status;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;

class ConsumeStatusTest {

    @ParameterizedTest(name = "{0} -> {1}: {2}")
    @CsvSource({
            "PROCESSING, PROCESSING, true",
            "PROCESSING, SUCCESS,    true",
            "PROCESSING, FAIL,       true",
            "FAIL,       PROCESSING, false",
            "FAIL,       FAIL,       true",
            "FAIL,       SUCCESS,    true",
            "SUCCESS,    PROCESSING, false",
            "SUCCESS,    FAIL,       false",
            "SUCCESS,    SUCCESS,    true",
            "PROCESSING, REFUSED,    true",
            "FAIL,       REFUSED,    true",
            "SUCCESS,    REFUSED,    true",
            "REFUSED,    REFUSED,    true",
            "REFUSED,    PROCESSING, false",
            "REFUSED,    FAIL,       false",
            "REFUSED,    SUCCESS,    false"})
    void reportsAreMonotonic(ConsumeStatus stored, ConsumeStatus next, boolean allowed) {
        assertThat(stored.mayBecome(next)).isEqualTo(allowed);
    }
}
