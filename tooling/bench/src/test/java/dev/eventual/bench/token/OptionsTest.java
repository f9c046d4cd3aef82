package dev.eventual.bench.token;

import org.junit.jupiter.api.Test;
import picocli.CommandLine.ParameterException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** tooling/bench/token-cost.sh's options: the defaults, each option read, bad ones refused by name. */
class OptionsTest {

    @Test
    void theDefaultsAreIssue28s() {
        Options options = Options.parse(new String[0]);

        assertThat(options.customers()).isEqualTo(200);
        assertThat(options.pairs()).isEqualTo(30);
        assertThat(options.perBlock()).isEqualTo(5_000);
        assertThat(options.warmUp()).isEqualTo(100_000);
        assertThat(options.orderCpuMillis()).isEqualTo(4.6);
        assertThat(options.label()).isEqualTo("run");
        assertThat(options.work()).isEqualTo("tooling/bench/target/token-cost");
        assertThat(options.results()).isEqualTo("tooling/bench/results");
        assertThat(options.args()).isEmpty();
    }

    @Test
    void everyOptionIsRead() {
        String[] args = {"--customers=10", "--pairs", "3", "--per-block=100", "--warm-up=1000", "--order-cpu-ms=2.5",
                "--label=quick", "--work=/tmp/w", "--results=/tmp/r"};
        Options options = Options.parse(args);

        assertThat(options.customers()).isEqualTo(10);
        assertThat(options.pairs()).isEqualTo(3);
        assertThat(options.perBlock()).isEqualTo(100);
        assertThat(options.warmUp()).isEqualTo(1_000);
        assertThat(options.orderCpuMillis()).isEqualTo(2.5);
        assertThat(options.label()).isEqualTo("quick");
        assertThat(options.work()).isEqualTo("/tmp/w");
        assertThat(options.results()).isEqualTo("/tmp/r");
        assertThat(options.args()).containsExactly(args);
    }

    @Test
    void badOptionsAreRefusedByName() {
        assertThatThrownBy(() -> Options.parse(new String[] {"--pairs=many"})).isInstanceOf(ParameterException.class)
                .hasMessageContaining("'--pairs'");
        assertThatThrownBy(() -> Options.parse(new String[] {"--customer=10"})).isInstanceOf(ParameterException.class)
                .hasMessageContaining("'--customer=10'");
    }
}
