package dev.eventual.order.id;

import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class WorkerIdPropertiesTest {

    @Test
    void aRenewalIntervalOverHalfTheLeaseIsRefused() {
        assertThatThrownBy(() -> new WorkerIdProperties.WorkerLease(Duration.ofSeconds(30), Duration.ofSeconds(16)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("renew-interval (PT16S) must be positive and at most half");
        assertThatThrownBy(() -> new WorkerIdProperties.WorkerLease(Duration.ofSeconds(30), Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatCode(() -> new WorkerIdProperties.WorkerLease(Duration.ofSeconds(30), Duration.ofSeconds(15)))
                .doesNotThrowAnyException();
    }
}
