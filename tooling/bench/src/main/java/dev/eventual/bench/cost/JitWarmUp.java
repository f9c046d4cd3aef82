package dev.eventual.bench.cost;

import dev.eventual.bench.BenchOptions;
import dev.eventual.bench.resources.JitMeter;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The cost sections' warm-up, section 1's rule: rounds of every closed-loop step until the compiler threads of
 * all JVMs used less than {@code --jit-quiet} cores over a round, or {@code --warm-up-cap} passed. One round was
 * not enough: the first run of issue 41's method placed 126 orders/s in block 0 and 483/s in block 5, the order
 * path (five JVMs and the broker on two cores) still compiling, which put its CPU per order at 9.5 ms, then 3.6.
 */
final class JitWarmUp {

    private static final Logger log = LoggerFactory.getLogger(JitWarmUp.class);

    private JitWarmUp() {
    }

    static void untilQuiet(JitMeter jit, BenchOptions options, Runnable round, String layout) {
        long started = System.nanoTime();
        int rounds = 0;
        double jitCores;
        while (true) {
            long ticks = jit.ticks();
            long roundStart = System.nanoTime();
            round.run();
            rounds++;
            jitCores = (jit.ticks() - ticks) / 100.0 / ((System.nanoTime() - roundStart) / 1e9);
            if (jitCores < options.jitQuiet()) {
                break;
            }
            if ((System.nanoTime() - started) / 1e9 >= options.warmUpCap().toSeconds()) {
                log.warn("cost warm-up, {}: JIT still at {} cores after {} s (--warm-up-cap); measuring anyway", layout,
                        String.format("%.3f", jitCores), Math.round((System.nanoTime() - started) / 1e9));
                break;
            }
        }
        log.info("cost warm-up, {}: JIT at {} cores after {} rounds of the closed-loop steps; {} s in all", layout,
                String.format("%.3f", jitCores), rounds, Math.round((System.nanoTime() - started) / 1e9));
    }
}
