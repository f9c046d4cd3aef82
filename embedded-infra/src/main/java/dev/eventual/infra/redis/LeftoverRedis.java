package dev.eventual.infra.redis;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A redis-server still serving a data directory after the JVM that started it was killed
 * ({@code kill -9} runs no shutdown hook, and the child outlives it, keeping the port and the
 * append-only file). It is found by the pid file the server writes, and stopped the way its own
 * shutdown would be: SIGTERM, on which Redis flushes the append-only file and exits.
 * <p>
 * Redis overwrites its command line with its address, so the process is recognised by its
 * executable and its working directory, which is the data directory ({@code dir}).
 */
final class LeftoverRedis {

    private static final Logger log = LoggerFactory.getLogger(LeftoverRedis.class);
    private static final long STOP_SECONDS = 60;

    private LeftoverRedis() {
    }

    static void stopIfRunning(Path pidFile, Path dataDirectory) {
        Optional<ProcessHandle> leftover = read(pidFile).flatMap(ProcessHandle::of).filter(ProcessHandle::isAlive)
                .filter(process -> serves(process, dataDirectory));
        if (leftover.isEmpty()) {
            return;
        }
        ProcessHandle server = leftover.get();
        log.warn("A Redis server (pid {}) is still running on {}, probably left by a JVM that was killed;"
                + " stopping it cleanly before starting again", server.pid(), dataDirectory);
        server.destroy();
        try {
            server.onExit().get(STOP_SECONDS, TimeUnit.SECONDS);
        } catch (TimeoutException | ExecutionException e) {
            throw new IllegalStateException("the leftover Redis server (pid " + server.pid() + ") of " + dataDirectory
                    + " did not stop within " + STOP_SECONDS + " s; stop it (kill " + server.pid() + ") and start again", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while stopping the leftover Redis server", e);
        }
        log.info("Leftover Redis server (pid {}) stopped", server.pid());
    }

    private static Optional<Long> read(Path pidFile) {
        try {
            return Files.exists(pidFile) ? Optional.of(Long.parseLong(Files.readString(pidFile).strip())) : Optional.empty();
        } catch (IOException | NumberFormatException e) {
            return Optional.empty();
        }
    }

    /** The pid may have been reused by an unrelated process: only a redis-server working in this data directory counts. */
    private static boolean serves(ProcessHandle process, Path dataDirectory) {
        if (!process.info().command().orElse("").contains("redis-server")) {
            return false;
        }
        try {
            return Files.readSymbolicLink(Path.of("/proc", Long.toString(process.pid()), "cwd"))
                    .equals(dataDirectory.toRealPath());
        } catch (IOException | UnsupportedOperationException e) {
            return false;
        }
    }
}
