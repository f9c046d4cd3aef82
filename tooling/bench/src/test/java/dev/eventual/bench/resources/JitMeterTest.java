package dev.eventual.bench.resources;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class JitMeterTest {

    @Test
    void knowsTheCompilerThreadsByTheirNames() {
        assertThat(JitMeter.isCompiler("C2 CompilerThre")).isTrue();
        assertThat(JitMeter.isCompiler("C1 CompilerThre")).isTrue();
        assertThat(JitMeter.isCompiler("http-nio-8081-e")).isFalse();
        assertThat(JitMeter.isCompiler("")).isFalse();
    }

    @Test
    void readsThisJvmsCompilerThreadsAndIgnoresAGoneProcess() {
        // this JVM has compiled something by the time a test runs
        assertThat(new JitMeter(List.of(() -> ProcessHandle.current().pid())).ticks()).isGreaterThanOrEqualTo(0);
        assertThat(new JitMeter(List.of(() -> -1L, () -> Long.MAX_VALUE)).ticks()).isZero();
    }

    @Test
    void takesUserAndSystemTicksFromAStatLineWhoseNameHasSpaces() {
        String stat = "4242 (C2 CompilerThre) S 1 1 1 0 -1 4194368 0 0 0 0 1234 56 0 0 20 0 1 0 100 0 0";
        assertThat(ProcSample.cpuTicks(stat)).isEqualTo(1290);
        assertThat(ProcSample.cpuTicks("")).isZero();
    }
}
