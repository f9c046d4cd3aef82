package dev.eventual.infra;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BiPredicate;

/**
 * A server still serving a data directory after the JVM that started it was killed ({@code kill -9}
 * runs no shutdown hook, so the child keeps the port and the files). It is found by the pid file the
 * server writes and stopped the way its own shutdown would be: SIGTERM, then the server's clean exit
 * (MariaDB's InnoDB shutdown, Redis's append-only file flush).
 */
public final class LeftoverProcess {

    private static final Logger log = LoggerFactory.getLogger(LeftoverProcess.class);

    private LeftoverProcess() {
    }

    /**
     * Stops the server {@code pidFile} names, if it still runs and {@code serves} the data directory
     * (the pid may have been reused by an unrelated process).
     *
     * @param server what it is, for the log and the error ("MariaDB", "Redis")
     */
    public static void stopIfRunning(String server, Path pidFile, Path dataDirectory, Duration stopWithin,
                                     BiPredicate<ProcessHandle, Path> serves) {
        Optional<ProcessHandle> leftover = read(pidFile).flatMap(ProcessHandle::of).filter(ProcessHandle::isAlive)
                .filter(process -> serves.test(process, dataDirectory));
        if (leftover.isEmpty()) {
            return;
        }
        ProcessHandle process = leftover.get();
        log.warn("A {} server (pid {}) is still running on {}, probably left by a JVM that was killed;"
                + " stopping it cleanly before starting again", server, process.pid(), dataDirectory);
        process.destroy();
        try {
            process.onExit().get(stopWithin.toSeconds(), TimeUnit.SECONDS);
        } catch (TimeoutException | ExecutionException e) {
            throw new IllegalStateException("the leftover " + server + " server (pid " + process.pid() + ") of "
                    + dataDirectory + " did not stop within " + stopWithin.toSeconds() + " s; stop it (kill "
                    + process.pid() + ") and start again", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while stopping the leftover " + server + " server", e);
        }
        log.info("Leftover {} server (pid {}) stopped", server, process.pid());
    }

    private static Optional<Long> read(Path pidFile) {
        try {
            return Files.exists(pidFile) ? Optional.of(Long.parseLong(Files.readString(pidFile).strip())) : Optional.empty();
        } catch (IOException | NumberFormatException e) {
            return Optional.empty();
        }
    }
}
