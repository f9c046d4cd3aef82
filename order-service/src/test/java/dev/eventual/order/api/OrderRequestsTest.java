package dev.eventual.order.api;

import dev.eventual.web.ApiProblemException;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class OrderRequestsTest {

    @Test
    void headerWinsAndMayEqualTheBodyField() {
        assertThat(OrderRequests.idempotencyKey("k-1", null)).isEqualTo("k-1");
        assertThat(OrderRequests.idempotencyKey("k-1", "k-1")).isEqualTo("k-1");
        assertThat(OrderRequests.idempotencyKey(null, "k-2")).isEqualTo("k-2");
    }

    @Test
    void requestsWithoutAKeyEachGetTheirOwn() {
        assertThat(OrderRequests.idempotencyKey(null, null)).isNotEqualTo(OrderRequests.idempotencyKey(null, null))
                .matches(OrderRequests.IDEMPOTENCY_KEY_PATTERN);
    }

    @Test
    void malformedOrConflictingKeysAreRefused() {
        assertThatThrownBy(() -> OrderRequests.idempotencyKey("has space", null)).isInstanceOf(ApiProblemException.class)
                .hasMessageContaining("Idempotency-Key");
        assertThatThrownBy(() -> OrderRequests.idempotencyKey("a", "b")).isInstanceOf(ApiProblemException.class)
                .hasMessageContaining("idempotencyKey");
    }

    @Test
    void theDoorGetsTheKeyTheControllerWouldTakeAndNothingWhereItWouldMintOrRefuse() {
        assertThat(OrderRequests.givenKey("k-1", null)).hasValue("k-1");
        assertThat(OrderRequests.givenKey("k-1", "k-1")).hasValue("k-1");
        assertThat(OrderRequests.givenKey(null, "k-2")).hasValue("k-2");
        assertThat(OrderRequests.givenKey(null, null)).isEmpty();
        assertThat(OrderRequests.givenKey("has space", null)).isEmpty();
        assertThat(OrderRequests.givenKey("a", "b")).isEmpty();
    }
}
