package dev.eventual.launcher.process;

import dev.eventual.launcher.SuiteService;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * One service in a JVM of its own, so that it can be killed the way a machine dies: SIGKILL, no
 * shutdown hook, no graceful close of connections or consumers. Output goes to a log file, appended
 * across restarts.
 */
public final class ServiceProcess {

    private static final Logger log = LoggerFactory.getLogger(ServiceProcess.class);
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    private final SuiteService service;
    private final int port;
    private final int managementPort;
    private final List<String> command;
    private final Path logFile;
    private Process process;

    ServiceProcess(SuiteService service, int port, int managementPort, List<String> command, Path logFile) {
        this.service = service;
        this.port = port;
        this.managementPort = managementPort;
        this.command = List.copyOf(command);
        this.logFile = logFile;
    }

    public SuiteService service() {
        return service;
    }

    public int port() {
        return port;
    }

    /** Where it serves health, metrics and Prometheus (on loopback). */
    public int managementPort() {
        return managementPort;
    }

    public synchronized long pid() {
        return process.pid();
    }

    public synchronized boolean isAlive() {
        return process != null && process.isAlive();
    }

    /** Starts the JVM; {@link #awaitHealthy} tells when it serves. */
    public synchronized void start() {
        if (isAlive()) {
            throw new IllegalStateException(service + " is already running");
        }
        try {
            Files.createDirectories(logFile.getParent());
            process = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(logFile.toFile())).start();
        } catch (IOException e) {
            throw new IllegalStateException("could not start " + service, e);
        }
        log.info("{} started as pid {} on port {}", service.serviceId(), process.pid(), port);
    }

    /** Polls {@code /actuator/health} on the management port until UP; fails early if the JVM exits. */
    public void awaitHealthy(Duration timeout) {
        Instant deadline = Instant.now().plus(timeout);
        while (!healthy()) {
            if (!isAlive()) {
                throw new IllegalStateException(service.serviceId() + " exited during start; see " + logFile);
            }
            if (Instant.now().isAfter(deadline)) {
                throw new IllegalStateException(service.serviceId() + " not healthy within " + timeout + "; see " + logFile);
            }
            pause(Duration.ofMillis(200));
        }
    }

    public boolean healthy() {
        try {
            HttpResponse<String> response = HTTP.send(HttpRequest.newBuilder(
                    URI.create("http://127.0.0.1:" + managementPort + "/actuator/health")).timeout(Duration.ofSeconds(2)).build(),
                    HttpResponse.BodyHandlers.ofString());
            return response.statusCode() == 200 && response.body().contains("\"UP\"");
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** SIGKILL: the process gets no chance to finish anything. */
    public synchronized void kill() {
        if (process == null) {
            return;
        }
        process.destroyForcibly();
        waitForExit(Duration.ofSeconds(30));
        log.info("{} (pid {}) killed", service.serviceId(), process.pid());
    }

    /** SIGTERM: Spring's graceful shutdown; SIGKILL if it takes longer than 30 s. */
    public synchronized void stop() {
        if (!isAlive()) {
            return;
        }
        process.destroy();
        if (!waitForExit(Duration.ofSeconds(30))) {
            log.warn("{} did not stop within 30 s; killing it", service.serviceId());
            kill();
        }
    }

    private boolean waitForExit(Duration timeout) {
        try {
            return process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private static void pause(Duration duration) {
        try {
            Thread.sleep(duration.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }
}
