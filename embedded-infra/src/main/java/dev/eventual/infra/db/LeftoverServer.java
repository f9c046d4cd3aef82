package dev.eventual.infra.db;

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
 * A mariadbd still serving a data directory after the JVM that started it was killed ({@code kill -9}
 * runs no shutdown hook, so the child keeps the port and the files). It is found by the pid file the
 * server writes, and stopped the way its own shutdown would: SIGTERM, then a clean InnoDB shutdown.
 */
final class LeftoverServer {

    private static final Logger log = LoggerFactory.getLogger(LeftoverServer.class);
    private static final long STOP_SECONDS = 120;

    private LeftoverServer() {
    }

    /** Stops the server of {@code dataDirectory} whose pid {@code pidFile} names, if it still runs. */
    static void stopIfRunning(Path pidFile, Path dataDirectory) {
        Optional<ProcessHandle> leftover = read(pidFile).flatMap(ProcessHandle::of).filter(ProcessHandle::isAlive)
                .filter(process -> serves(process, dataDirectory));
        if (leftover.isEmpty()) {
            return;
        }
        ProcessHandle server = leftover.get();
        log.warn("A MariaDB server (pid {}) is still running on {}, probably left by a launcher that was killed;"
                + " stopping it cleanly before starting again", server.pid(), dataDirectory);
        server.destroy();
        try {
            server.onExit().get(STOP_SECONDS, TimeUnit.SECONDS);
        } catch (TimeoutException | ExecutionException e) {
            throw new IllegalStateException("the leftover MariaDB server (pid " + server.pid() + ") of " + dataDirectory
                    + " did not stop within " + STOP_SECONDS + " s; stop it (kill " + server.pid() + ") and start again", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while stopping the leftover MariaDB server", e);
        }
        log.info("Leftover MariaDB server (pid {}) stopped", server.pid());
    }

    private static Optional<Long> read(Path pidFile) {
        try {
            return Files.exists(pidFile) ? Optional.of(Long.parseLong(Files.readString(pidFile).strip())) : Optional.empty();
        } catch (IOException | NumberFormatException e) {
            return Optional.empty();
        }
    }

    /** The pid may have been reused by an unrelated process: only a mariadbd of this data directory counts. */
    private static boolean serves(ProcessHandle process, Path dataDirectory) {
        String commandLine = process.info().commandLine().orElse("");
        return commandLine.contains("mariadbd") && commandLine.contains(dataDirectory.toString());
    }
}
