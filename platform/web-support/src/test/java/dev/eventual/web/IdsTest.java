package dev.eventual.web;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class IdsTest {

    @ParameterizedTest
    @ValueSource(strings = {"1", "42", "9223372036854775807"})
    void positiveDecimalIdsParse(String value) {
        assertThat(Ids.parse("orderId", value)).isEqualTo(Long.parseLong(value));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "0", "-1", "+1", "1e5", "abc", " 1", "007", "00", "9223372036854775808", "99999999999999999999",
            "١٢٣"})
    void anythingElseIsA400NamingTheInput(String value) {
        assertThatThrownBy(() -> Ids.parse("orderId", value))
                .isInstanceOfSatisfying(ApiProblemException.class, e -> {
                    assertThat(e.getStatusCode().value()).isEqualTo(400);
                    assertThat(e.getBody().getDetail()).startsWith("orderId:");
                });
    }
}
