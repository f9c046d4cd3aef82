package dev.eventual.bench.cost;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class WrkOutputTest {

    /** What {@code wrk --latency ... && times} prints (Debian's wrk 4.1), with refusals as non-2xx. */
    private static final String REFUSALS = """
            Running 5s test @ http://127.0.0.1:8081
              1 threads and 16 connections
              Thread Stats   Avg      Stdev     Max   +/- Stdev
                Latency     2.95ms    1.20ms  31.40ms   88.12%
                Req/Sec     5.44k   312.09     5.91k    74.00%
              Latency Distribution
                 50%    2.71ms
                 75%    3.32ms
                 90%    4.18ms
                 99%    7.45ms
              27085 requests in 5.01s, 6.92MB read
              Non-2xx or 3xx responses: 27085
            Requests/sec:   5406.19
            Transfer/sec:      1.38MB
            0m0.004s 0m0.001s
            0m0.412s 0m1.038s
            """;

    @Test
    void readsTheCountsTheP99AndWrksOwnCpu() {
        WrkOutput wrk = WrkOutput.parse(REFUSALS);

        assertThat(wrk.requests()).isEqualTo(27_085);
        assertThat(wrk.seconds()).isEqualTo(5.01);
        assertThat(wrk.non2xx()).isEqualTo(27_085);
        assertThat(wrk.ok()).isZero();
        assertThat(wrk.socketErrors()).isZero();
        assertThat(wrk.p99Ms()).isEqualTo(7.45);
        assertThat(wrk.generatorCpuMs()).isCloseTo(1_450, within(1e-6));
        assertThat(StepKind.REFUSAL.units(wrk)).isEqualTo(27_085);
    }

    @Test
    void latencyInMicrosOrSecondsAndSocketErrorsAreRead() {
        WrkOutput wrk = WrkOutput.parse("""
                  Latency Distribution
                     50%  812.00us
                     99%    1.20s
                  9000 requests in 1.00m, 1.00MB read
                  Socket errors: connect 0, read 2, write 1, timeout 4
                Requests/sec:    150.00
                """);

        assertThat(wrk.seconds()).isEqualTo(60);
        assertThat(wrk.p99Ms()).isEqualTo(1_200);
        assertThat(wrk.socketErrors()).isEqualTo(7);
        assertThat(wrk.non2xx()).isZero();
        assertThat(StepKind.READ.units(wrk)).isEqualTo(9_000);
        assertThat(wrk.generatorCpuMs()).isNaN();
    }

    @Test
    void withoutALatencyDistributionThereIsNoP99ToJudge() {
        assertThatThrownBy(() -> WrkOutput.parse("27085 requests in 5.01s, 6.92MB read\nRequests/sec: 5406.19\n"))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("99");
    }
}
