package dev.eventual.bench.service;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/**
 * The publishing mode, shared between the benchmark (writes a file) and order-service's JVM (a daemon
 * thread polls it), so switching modes needs no restart and costs nothing per request.
 */
public final class ModeSwitch {

    public static final String DIRECTORY_PROPERTY = "eventual.bench.mode.dir";
    static final Duration POLL = Duration.ofMillis(100);
    /** Long enough for the poller to have seen a change. */
    public static final Duration SETTLE = POLL.multipliedBy(5);

    private final Path file;
    private volatile PublishMode mode = PublishMode.TRANSACTIONAL;

    public ModeSwitch(Path directory) {
        this.file = directory.resolve("publish-mode");
    }

    /** Benchmark side. */
    public void set(PublishMode newMode) {
        try {
            Files.createDirectories(file.getParent());
            Path temporary = file.resolveSibling("publish-mode.tmp");
            Files.writeString(temporary, newMode.name());
            Files.move(temporary, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING,
                    java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Service side: starts the poller. */
    public ModeSwitch watch() {
        Thread poller = new Thread(() -> {
            while (true) {
                read();
                try {
                    Thread.sleep(POLL.toMillis());
                } catch (InterruptedException e) {
                    return;
                }
            }
        }, "bench-mode-switch");
        poller.setDaemon(true);
        poller.start();
        return this;
    }

    public PublishMode mode() {
        return mode;
    }

    private void read() {
        try {
            if (Files.exists(file)) {
                mode = PublishMode.valueOf(Files.readString(file).trim());
            }
        } catch (IOException | IllegalArgumentException e) {
            // a half-written or unreadable file: keep the last mode and read again at the next poll
        }
    }
}
