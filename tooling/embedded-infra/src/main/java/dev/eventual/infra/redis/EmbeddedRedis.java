package dev.eventual.infra.redis;

import dev.eventual.infra.Directories;
import dev.eventual.infra.LeftoverProcess;
import dev.eventual.infra.Secrets;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A real redis-server (the binary the embedded-redis jar bundles) run as a child process: no
 * installation. It listens on 127.0.0.1 only, always with a password, in protected mode, and keeps
 * its data in an append-only file fsynced every second under the directory it is given:
 * <pre>
 *   directory/redis-server-*   the executable, copied from the jar once
 *   directory/redis.conf       written at every start (it holds the password: owner-only)
 *   directory/data/            the append-only file; the server's working directory
 *   directory/password         kept only with keepData
 *   directory/redis.pid, redis.log
 * </pre>
 * The port stays the same across {@link #stop()}, {@link #kill()} and the starts after them, so
 * clients reconnect by themselves. A server left running by a killed JVM is stopped cleanly first.
 */
public final class EmbeddedRedis implements RedisServer {

    public static final String LOOPBACK = "127.0.0.1";
    private static final Logger log = LoggerFactory.getLogger(EmbeddedRedis.class);
    /** Replaying a large append-only file is the slow part of a start; an empty one is ready in milliseconds. */
    private static final Duration START_TIMEOUT = Duration.ofSeconds(60);
    private static final long STOP_SECONDS = 30;
    private static final int PORT_TRIES = 3;

    private final Path directory;
    private final Path executable;
    private final int port;
    private final String password;
    private final List<String> cluster;
    private final Thread stopAtExit = new Thread(this::stopAtExit, "embedded-redis-stop");
    private Process process;

    private EmbeddedRedis(Path directory, Path executable, int port, String password, List<String> cluster) {
        this.directory = directory;
        this.executable = executable;
        this.port = port;
        this.password = password;
        this.cluster = cluster;
    }

    /**
     * Starts a server on {@value #LOOPBACK}.
     *
     * @param directory where it keeps its files (see the class comment)
     * @param port      0 picks a free one, kept for the life of this object
     * @param keepData  true keeps the data and the password of earlier starts (the local suite); false
     *                  starts empty with a fresh password (tests)
     */
    public static EmbeddedRedis start(Path directory, int port, boolean keepData) {
        Path absolute = prepare(directory);
        String password;
        if (keepData) {
            password = KeptPassword.readOrCreate(absolute.resolve("password"));
        } else {
            Directories.deleteRecursively(absolute.resolve("data"));
            password = Secrets.random();
        }
        return launchNew(absolute, port, password, List.of());
    }

    /**
     * Starts an empty Redis Cluster node on {@value #LOOPBACK} ({@link EmbeddedRedisCluster} joins the
     * nodes and gives them their slots). Its cluster configuration ({@code directory/nodes.conf}) is kept
     * outside the data directory, so {@link #startEmpty()} brings back a node that lost its data but
     * still owns its slots: a master whose data is gone, which is what tests need to provoke.
     *
     * @param port     its cluster bus listens on {@code port + 10000} (redis 6.2 has no {@code cluster-port})
     * @param password the same for every node of a cluster, so one client configuration reaches them all
     */
    public static EmbeddedRedis startClusterNode(Path directory, int port, String password) {
        Path absolute = prepare(directory);
        Directories.deleteRecursively(absolute.resolve("data"));
        Path nodes = absolute.resolve("nodes.conf");
        Directories.deleteRecursively(nodes);
        return launchNew(absolute, port, password, List.of(
                "cluster-enabled yes",
                "cluster-config-file " + nodes,
                // short, so a restarted master is reachable again within seconds; tests wait for that
                "cluster-node-timeout 1000",
                // the other masters keep answering for their slots while one is down, as the gate's SKUs on them should
                "cluster-require-full-coverage no"));
    }

    private static Path prepare(Path directory) {
        Path absolute = directory.toAbsolutePath();
        Directories.create(absolute.resolve("data"));
        // first, so that a leftover server neither keeps the port nor writes into data cleared below
        LeftoverProcess.stopIfRunning("Redis", absolute.resolve("redis.pid"), absolute.resolve("data"),
                Duration.ofSeconds(60), EmbeddedRedis::serves);
        return absolute;
    }

    private static EmbeddedRedis launchNew(Path absolute, int port, String password, List<String> cluster) {
        Path executable = RedisBinary.installIn(absolute);
        for (int attempt = 1; ; attempt++) {
            EmbeddedRedis redis = new EmbeddedRedis(absolute, executable, port == 0 ? freePort() : port, password, cluster);
            try {
                redis.launch();
                Runtime.getRuntime().addShutdownHook(redis.stopAtExit);
                return redis;
            } catch (PortTakenException e) {
                // a free port chosen here may be taken by someone else before the server binds it
                if (port != 0 || attempt == PORT_TRIES) {
                    throw new IllegalStateException(e.getMessage(), e);
                }
            }
        }
    }

    @Override
    public String host() {
        return LOOPBACK;
    }

    @Override
    public int port() {
        return port;
    }

    @Override
    public String password() {
        return password;
    }

    @Override
    public String description() {
        return "embedded Redis on " + LOOPBACK + ":" + port + ", data in " + data();
    }

    /** The directory of the append-only file. */
    public Path data() {
        return directory.resolve("data");
    }

    /** The server's process id while it runs (tests look at its sockets). */
    public synchronized long pid() {
        requireRunning();
        return process.pid();
    }

    @Override
    public synchronized void stop() {
        if (process == null) {
            return;
        }
        process.destroy();
        try {
            if (!process.waitFor(STOP_SECONDS, TimeUnit.SECONDS)) {
                log.warn("Redis on port {} did not stop within {} s of SIGTERM; killing it", port, STOP_SECONDS);
                process.destroyForcibly().waitFor();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while stopping Redis", e);
        } finally {
            process = null;
        }
        log.info("Embedded Redis on port {} stopped", port);
    }

    @Override
    public synchronized void kill() {
        requireRunning();
        try {
            process.destroyForcibly().waitFor();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while killing Redis", e);
        } finally {
            process = null;
        }
        log.info("Embedded Redis on port {} killed (SIGKILL)", port);
    }

    @Override
    public synchronized void start() {
        requireStopped();
        launchOnItsPort();
    }

    @Override
    public synchronized void startEmpty() {
        requireStopped();
        Directories.deleteRecursively(data());
        launchOnItsPort();
    }

    @Override
    public void close() {
        stop();
        try {
            Runtime.getRuntime().removeShutdownHook(stopAtExit);
        } catch (IllegalStateException shutdownInProgress) {
            // closed from another shutdown hook: this one has nothing left to do
        }
    }

    private void launchOnItsPort() {
        try {
            launch();
        } catch (PortTakenException e) {
            throw new IllegalStateException(e.getMessage() + "; another program took it while Redis was down", e);
        }
    }

    private synchronized void launch() throws PortTakenException {
        long started = System.nanoTime();
        Path config = directory.resolve("redis.conf");
        Path logFile = directory.resolve("redis.log");
        Directories.create(data());
        try {
            KeptPassword.writePrivate(config, configuration());
            long logStart = Files.exists(logFile) ? Files.size(logFile) : 0;
            // in a session of its own: Ctrl-C in a terminal signals the whole foreground group, and Redis
            // stops at once on SIGINT, before the services that use it; its owner stops it after them
            Process launched = new ProcessBuilder("setsid", executable.toString(), config.toString())
                    .directory(data().toFile())
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(logFile.toFile()))
                    .start();
            if (!RedisPing.awaitAnswer(LOOPBACK, port, password, START_TIMEOUT, () -> !launched.isAlive())) {
                boolean exited = !launched.isAlive();
                launched.destroyForcibly().waitFor();
                String output = readFrom(logFile, logStart);
                if (output.contains("Address already in use")) {
                    throw new PortTakenException("port " + port + " on " + LOOPBACK + " is taken by another program");
                }
                throw new IllegalStateException("embedded Redis " + (exited ? "exited" : "did not answer within "
                        + START_TIMEOUT.toSeconds() + " s") + " on " + LOOPBACK + ":" + port + " (its data in " + data()
                        + " is kept as it is); its log " + logFile + " says:\n" + lastLines(output));
            }
            process = launched;
        } catch (IOException e) {
            throw new IllegalStateException("cannot start redis-server under " + directory, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while starting Redis", e);
        }
        log.info("Embedded Redis ready in {} ms on {}:{}, append-only data in {}", (System.nanoTime() - started) / 1_000_000,
                LOOPBACK, port, data());
    }

    /**
     * Always a password, loopback only, protected mode on top; persistence by an append-only file
     * fsynced every second (at most one second of writes lost in a crash), no RDB snapshots besides.
     */
    private String configuration() {
        List<String> lines = new ArrayList<>(List.of(
                "bind " + LOOPBACK,
                "port " + port,
                "protected-mode yes",
                "requirepass " + password,
                "daemonize no",
                "dir " + data(),
                "pidfile " + directory.resolve("redis.pid"),
                "logfile \"\"",
                "appendonly yes",
                "appendfsync everysec",
                "save \"\""));
        lines.addAll(cluster);
        lines.add("");
        return String.join("\n", lines);
    }

    private void requireRunning() {
        if (process == null) {
            throw new IllegalStateException("embedded Redis on port " + port + " is not running");
        }
    }

    private void requireStopped() {
        if (process != null) {
            throw new IllegalStateException("embedded Redis on port " + port + " is running; stop() or kill() it first");
        }
    }

    private void stopAtExit() {
        try {
            stop();
        } catch (RuntimeException e) {
            log.warn("Embedded Redis on port {} did not stop cleanly: {}", port, e.toString());
        }
    }

    private static int freePort() {
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getByName(LOOPBACK))) {
            return probe.getLocalPort();
        } catch (IOException e) {
            throw new IllegalStateException("no free port on " + LOOPBACK, e);
        }
    }

    private static String readFrom(Path file, long offset) throws IOException {
        try (RandomAccessFile in = new RandomAccessFile(file.toFile(), "r")) {
            in.seek(Math.min(offset, in.length()));
            byte[] bytes = new byte[(int) Math.min(in.length() - in.getFilePointer(), 64 * 1024)];
            in.readFully(bytes);
            return new String(bytes, StandardCharsets.UTF_8);
        }
    }

    private static String lastLines(String output) {
        List<String> lines = output.lines().toList();
        return String.join("\n", lines.subList(Math.max(0, lines.size() - 8), lines.size()));
    }

    /** The server could not bind its port. */
    private static final class PortTakenException extends Exception {
        PortTakenException(String message) {
            super(message);
        }
    }

    /**
     * A redis-server working in this data directory: Redis overwrites its command line with its
     * address, so it is recognised by its executable and its working directory ({@code dir}).
     */
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
