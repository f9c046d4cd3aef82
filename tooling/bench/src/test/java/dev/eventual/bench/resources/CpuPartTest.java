package dev.eventual.bench.resources;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class CpuPartTest {

    @Test
    void splitsTheBenchJvmByThreadName() {
        assertThat(CpuPart.ofBenchThread("bench-load-gen")).isEqualTo(CpuPart.LOAD_GENERATOR);
        assertThat(CpuPart.ofBenchThread("HttpClient-1-Wo")).isEqualTo(CpuPart.LOAD_GENERATOR);
        assertThat(CpuPart.ofBenchThread("C2 CompilerThre")).isEqualTo(CpuPart.BENCH_OTHER);
        assertThat(CpuPart.ofBenchThread("http-nio-34567-")).isEqualTo(CpuPart.BENCH_OTHER);
        assertThat(CpuPart.ofBenchThread("SendMessageThre")).isEqualTo(CpuPart.BROKER);
        assertThat(CpuPart.BROKER.sut()).isTrue();
        assertThat(CpuPart.LOAD_GENERATOR.sut()).isFalse();
    }

    @Test
    void readsTheFirstSchedstatFieldAsNanosecondsOnCpu() {
        assertThat(SchedStat.onCpuNanos("123456789 2000 17\n")).isEqualTo(123_456_789L);
    }

    @Test
    void readsThisJvmsThreads() {
        assertThat(SchedStat.threads(ProcessHandle.current().pid()).values())
                .anySatisfy(t -> assertThat(t.nanos()).isPositive());
    }
}
