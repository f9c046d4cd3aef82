package dev.eventual.bench;

import dev.eventual.bench.cost.Layout;
import org.junit.jupiter.api.Test;
import picocli.CommandLine.ParameterException;

import java.nio.file.Path;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** tooling/bench/run.sh's options: a full run's defaults, --quick's, every option read, and bad ones refused by name. */
class BenchOptionsTest {

    @Test
    void quickOptionsShortenAndFlagsOverride() {
        BenchOptions quick = BenchOptions.parse("--quick", "--sections=acceptance,reconcile", "--reconcile-rows=10k,1M",
                "--measure=7s");
        assertThat(quick.sections()).containsExactly(Section.ACCEPTANCE, Section.RECONCILE);
        assertThat(quick.reconcileRows()).containsExactly(10_000, 1_000_000);
        assertThat(quick.measure()).isEqualTo(Duration.ofSeconds(7));
        assertThat(quick.warmUp()).isEqualTo(Duration.ofSeconds(2));
        assertThat(quick.hotSkuOrders()).isLessThan(BenchOptions.parse().hotSkuOrders());
        assertThat(quick.flashOrders()).isEqualTo(2_000);
        assertThat(BenchOptions.parse().flashOrders()).isEqualTo(20_000);
        assertThat(BenchOptions.parse().flashClients()).isEqualTo(64);
        assertThat(quick.flashWarmUp()).isLessThan(BenchOptions.parse().flashWarmUp());
        assertThat(quick.serviceLogLevel()).isEqualTo("INFO");
        assertThat(BenchOptions.parse("--service-log-level=WARN").serviceLogLevel()).isEqualTo("WARN");
        // fixed, and the same in --quick, so that runs compare
        assertThat(quick.consistencyRates()).containsExactly(150.0, 270.0);
        assertThat(BenchOptions.parse("--consistency-rate=100", "--consistency-high-rate=0").consistencyRates())
                .containsExactly(100.0);
        BenchOptions flash = BenchOptions.parse("--sections=flash-sale", "--flash-orders=5k", "--flash-clients=8",
                "--flash-warm-up=0");
        assertThat(flash.sections()).containsExactly(Section.FLASHSALE);
        assertThat(flash.flashOrders()).isEqualTo(5_000);
        assertThat(flash.flashClients()).isEqualTo(8);
        assertThat(flash.flashWarmUp()).isZero();
        assertThat(BenchOptions.parse().orderShards()).isEqualTo(1);
        assertThat(BenchOptions.parse("--sections=cost", "--order-shards=2").orderShards()).isEqualTo(2);
    }

    @Test
    void theRetentionSoakRunsAlone() {
        assertThat(BenchOptions.parse("--sections=retention", "--retention-soak=5m").retentionSoak())
                .isEqualTo(Duration.ofMinutes(5));
        assertThatThrownBy(() -> BenchOptions.parse("--sections=retention,cost"))
                .hasMessageContaining("--sections=retention runs alone");
        BenchOptions retention = BenchOptions.parse("--sections=retention");
        assertThat(retention.retentionCostBlocks()).isEqualTo(6);
        assertThat(retention.retentionCostWindow()).isEqualTo(Duration.ofSeconds(20));
        assertThat(BenchOptions.parse("--quick", "--sections=retention").retentionCostWindow())
                .isEqualTo(Duration.ofSeconds(10));
        assertThat(BenchOptions.parse("--sections=retention", "--retention-cost-blocks=0").retentionCostBlocks()).isZero();
        assertThatThrownBy(() -> BenchOptions.parse("--sections=retention", "--retention-cost-blocks=-1"))
                .hasMessageContaining("--retention-cost-blocks must be at least 0");
        assertThatThrownBy(() -> BenchOptions.parse("--sections=retention", "--retention-cost-window=41s"))
                .hasMessageContaining("--retention-cost-window must be 1s to 40s");
    }

    @Test
    void aFullRunsDefaultsAreTheDocumentedOnes() {
        BenchOptions full = BenchOptions.parse();

        // retention runs alone, on a suite of its own
        assertThat(full.sections()).doesNotContain(Section.RETENTION)
                .containsExactlyElementsOf(java.util.EnumSet.complementOf(java.util.EnumSet.of(Section.RETENTION)));
        assertThat(full.retentionSoak()).isEqualTo(Duration.ofMinutes(12));
        assertThat(full.retentionRate()).isEqualTo(100);
        assertThat(full.warmUp()).isEqualTo(Duration.ofSeconds(3));
        assertThat(full.warmUpCap()).isEqualTo(Duration.ofSeconds(240));
        assertThat(full.jitQuiet()).isEqualTo(0.05);
        assertThat(full.measure()).isEqualTo(Duration.ofSeconds(12));
        assertThat(full.loadDuration()).isEqualTo(Duration.ofSeconds(40));
        assertThat(full.drain()).isEqualTo(Duration.ofSeconds(60));
        assertThat(full.concurrencies()).containsExactly(1, 8, 32, 64);
        assertThat(full.reconcileRows()).containsExactly(100_000, 1_000_000);
        assertThat(full.hotSkuOrders()).isEqualTo(10_000);
        assertThat(full.serviceHeap()).isEqualTo("256m");
        assertThat(full.resultsDirectory()).isEqualTo(Path.of("tooling/bench/results").toAbsolutePath());
        assertThat(full.workDirectory()).isEqualTo(Path.of("tooling/bench/target/run").toAbsolutePath());
        assertThat(full.profile()).isFalse();
        assertThat(full.isolatePublish()).isFalse();
        assertThat(full.costBlocks()).isEqualTo(6);
        assertThat(full.costWindow()).isEqualTo(Duration.ofSeconds(5));
        assertThat(full.costRate()).isEqualTo(1_000);
        assertThat(full.costP99Rate()).isEqualTo(4_000);
        assertThat(full.costOrderRate()).isEqualTo(100);
        assertThat(full.costStep()).isEqualTo(Duration.ofSeconds(5));
        assertThat(full.layout()).isEqualTo(Layout.PROCESS);
    }

    @Test
    void everyOptionIsReadInEitherSpelling() {
        BenchOptions options = BenchOptions.parse("--warm-up", "5", "--warm-up-cap=2m", "--jit-quiet=0.1", "--load=20s",
                "--drain=30", "--concurrency=2,4", "--hot-sku-orders=3_000", "--service-heap=512m", "--results=out",
                "--work", "work", "--profile", "--isolate-publish", "--cost-blocks=8", "--cost-window=4s",
                "--cost-rate=500", "--cost-p99-rate=2000", "--cost-order-rate=50", "--cost-step=6s");

        assertThat(options.warmUp()).isEqualTo(Duration.ofSeconds(5));
        assertThat(options.warmUpCap()).isEqualTo(Duration.ofMinutes(2));
        assertThat(options.jitQuiet()).isEqualTo(0.1);
        assertThat(options.loadDuration()).isEqualTo(Duration.ofSeconds(20));
        assertThat(options.drain()).isEqualTo(Duration.ofSeconds(30));
        assertThat(options.concurrencies()).containsExactly(2, 4);
        assertThat(options.hotSkuOrders()).isEqualTo(3_000);
        assertThat(options.serviceHeap()).isEqualTo("512m");
        assertThat(options.resultsDirectory()).isEqualTo(Path.of("out").toAbsolutePath());
        assertThat(options.workDirectory()).isEqualTo(Path.of("work").toAbsolutePath());
        assertThat(options.profile()).isTrue();
        assertThat(options.isolatePublish()).isTrue();
        assertThat(options.costBlocks()).isEqualTo(8);
        assertThat(options.costWindow()).isEqualTo(Duration.ofSeconds(4));
        assertThat(options.costRate()).isEqualTo(500);
        assertThat(options.costP99Rate()).isEqualTo(2_000);
        assertThat(options.costOrderRate()).isEqualTo(50);
        assertThat(options.costStep()).isEqualTo(Duration.ofSeconds(6));
        assertThat(BenchOptions.parse("--sections=cost", "--layout=local").layout()).isEqualTo(Layout.LOCAL);
        assertThat(BenchOptions.parse("--sections=cost", "--layout", "LOCAL").layout()).isEqualTo(Layout.LOCAL);
    }

    @Test
    void badOptionsAreRefusedByName() {
        assertThatThrownBy(() -> BenchOptions.parse("--consistency-rate=0")).isInstanceOf(ParameterException.class)
                .hasMessageContaining("--consistency-rate");
        assertThatThrownBy(() -> BenchOptions.parse("--flash-clients=0")).hasMessageContaining("--flash-clients");
        assertThatThrownBy(() -> BenchOptions.parse("--flash-warm-up=-1")).hasMessageContaining("--flash-warm-up");
        assertThatThrownBy(() -> BenchOptions.parse("--order-shards=2")).hasMessageContaining("needs --sections=cost");
        assertThatThrownBy(() -> BenchOptions.parse("--sections=cost", "--order-shards=3"))
                .hasMessageContaining("a power of two");
        assertThatThrownBy(() -> BenchOptions.parse("--layout=local")).hasMessageContaining("--layout=local needs --sections=cost");
        assertThatThrownBy(() -> BenchOptions.parse("--sections=cost", "--layout=local", "--order-shards=2"))
                .hasMessageContaining("one order_db server");
        assertThatThrownBy(() -> BenchOptions.parse("--layout=docker")).isInstanceOf(ParameterException.class)
                .hasMessageContaining("--layout");
        assertThatThrownBy(() -> BenchOptions.parse("--sections=acceptance,nonsense"))
                .isInstanceOf(ParameterException.class).hasMessageStartingWith("--sections=acceptance,nonsense: all, or some of");
        assertThatThrownBy(() -> BenchOptions.parse("--measure=12x")).isInstanceOf(ParameterException.class)
                .hasMessage("Invalid value for option '--measure': '12x' is no duration: 10, 10s or 2m");
        assertThatThrownBy(() -> BenchOptions.parse("--flash-orders=lots")).isInstanceOf(ParameterException.class)
                .hasMessage("Invalid value for option '--flash-orders': 'lots' is no count: 2000, 2_000, 2k or 1M");
        assertThatThrownBy(() -> BenchOptions.parse("--mesure=12s")).isInstanceOf(ParameterException.class)
                .hasMessageContaining("'--mesure=12s'");
    }
}
