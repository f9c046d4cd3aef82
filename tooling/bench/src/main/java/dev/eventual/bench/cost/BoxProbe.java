package dev.eventual.bench.cost;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Random;

/**
 * How fast the box is right now: {@code sha256sum} of a fixed 64 MiB file in /dev/shm (memory, no disk),
 * timed, the fastest of five. The same native work every time, so a block run while the box was slowed
 * (a neighbour, a throttled host) shows up as a longer probe. The fastest, not the median: the suite's own
 * timers (pulls, heartbeats, scheduled jobs) share the two cores while it runs, and the first full run
 * with the median of three saw probes of one block differ by 14-54 % with nothing else on the box.
 */
public final class BoxProbe implements AutoCloseable {

    private static final int MIB = 1024 * 1024;
    private static final int SIZE_MIB = 64;
    private static final int RUNS = 5;

    private final Path file;

    public BoxProbe() {
        Path shm = Path.of("/dev/shm");
        this.file = (Files.isDirectory(shm) ? shm : Path.of(System.getProperty("java.io.tmpdir")))
                .resolve("eventual-bench-probe-" + ProcessHandle.current().pid());
        // a fixed seed: the same bytes in every run
        Random bytes = new Random(28);
        byte[] block = new byte[MIB];
        try (OutputStream out = Files.newOutputStream(file)) {
            for (int i = 0; i < SIZE_MIB; i++) {
                bytes.nextBytes(block);
                out.write(block);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** @return milliseconds of one hash of the file (the fastest of five runs) */
    public double millis() {
        double[] runs = new double[RUNS];
        for (int r = 0; r < RUNS; r++) {
            long started = System.nanoTime();
            try {
                Process hash = new ProcessBuilder("sha256sum", file.toString())
                        .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectErrorStream(true).start();
                if (hash.waitFor() != 0) {
                    throw new IllegalStateException("sha256sum failed: " + hash.exitValue());
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted", e);
            }
            runs[r] = (System.nanoTime() - started) / 1e6;
        }
        Arrays.sort(runs);
        return runs[0];
    }

    @Override
    public void close() {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
