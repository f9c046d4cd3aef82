package dev.eventual.bench.cost;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class BoxCpuTest {

    @Test
    void busyTimeIsEverythingButIdleIowaitAndStealAndInterruptsArePartOfIt() {
        BoxCpu before = BoxCpu.parse("cpu  1000 10 500 9000 20 5 15 3 0 0");
        BoxCpu after = BoxCpu.parse("cpu  1300 10 600 9100 20 8 32 8 0 0");

        // user 300 + system 100 + irq 3 + softirq 17 ticks of 10 ms
        assertThat(after.busyMsSince(before)).isEqualTo(4_200);
        assertThat(after.interruptMsSince(before)).isEqualTo(200);
        // steal 5 of 525 ticks
        assertThat(after.stealPercentSince(before)).isEqualTo(100.0 * 5 / 525);
    }
}
