package dev.eventual.infra.redis;

import dev.eventual.infra.Directories;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisCommandExecutionException;
import io.lettuce.core.RedisConnectionException;
import io.lettuce.core.RedisURI;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.sync.RedisCommands;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The embedded Redis is a real server that needs its password, listens on loopback only, keeps its
 * data across a clean restart, a crash and a killed JVM, and can come back empty on the same address.
 */
class EmbeddedRedisIT {

    private final Path directory = Path.of(System.getProperty("eventual.infra.dir", "target/infra"))
            .resolve("redis-it-" + System.nanoTime());
    private final List<AutoCloseable> opened = new ArrayList<>();

    @AfterEach
    void closeAll() throws Exception {
        for (int i = opened.size() - 1; i >= 0; i--) {
            opened.get(i).close();
        }
        Directories.deleteRecursively(directory);
    }

    @Test
    void answersOnlyWithItsPasswordAndKeepsItsSecretsPrivate() throws Exception {
        EmbeddedRedis redis = started(EmbeddedRedis.start(directory, 0, false));

        assertThat(redis.password()).hasSizeGreaterThanOrEqualTo(32);
        assertThat(commands(redis).ping()).isEqualTo("PONG");

        RedisClient anonymous = client(RedisURI.builder().withHost(redis.host()).withPort(redis.port())
                .withTimeout(Duration.ofSeconds(2)).build());
        assertThatThrownBy(anonymous::connect).isInstanceOf(RedisConnectionException.class)
                .rootCause().isInstanceOf(RedisCommandExecutionException.class).hasMessageStartingWith("NOAUTH");
        RedisClient wrongPassword = client(RedisURI.builder().withHost(redis.host()).withPort(redis.port())
                .withPassword("not-the-password".toCharArray()).withTimeout(Duration.ofSeconds(2)).build());
        assertThatThrownBy(wrongPassword::connect).isInstanceOf(RedisConnectionException.class)
                .rootCause().hasMessageStartingWith("WRONGPASS");

        assertThat(commands(redis).configGet("protected-mode")).containsEntry("protected-mode", "yes");
        assertThat(commands(redis).configGet("appendonly")).containsEntry("appendonly", "yes");
        assertThat(commands(redis).configGet("appendfsync")).containsEntry("appendfsync", "everysec");
        assertThat(Files.getPosixFilePermissions(directory.resolve("redis.conf")))
                .containsExactlyInAnyOrder(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE);
    }

    @Test
    void listensOnLoopbackOnly() throws Exception {
        EmbeddedRedis redis = started(EmbeddedRedis.start(directory, 0, false));

        List<String> listening = listeningSockets(redis.pid());

        assertThat(listening).containsExactly("tcp 0100007F:" + String.format("%04X", redis.port()));
    }

    @Test
    void dataSurvivesACleanRestartAndACrashOnTheSameAddress() {
        EmbeddedRedis redis = started(EmbeddedRedis.start(directory, 0, false));
        int port = redis.port();
        commands(redis).set("order:1", "reserved");

        redis.stop();
        redis.start();
        assertThat(commands(redis).get("order:1")).isEqualTo("reserved");

        // a crashed process loses nothing the kernel already has: Redis writes the append-only file
        // before it answers, and only the fsync waits for the next second
        commands(redis).set("order:2", "reserved");
        redis.kill();
        redis.start();
        assertThat(commands(redis).mget("order:1", "order:2")).extracting(kv -> kv.getValueOrElse(null))
                .containsExactly("reserved", "reserved");
        assertThat(redis.port()).isEqualTo(port);
    }

    @Test
    void startsEmptyOnTheSameAddressAndPassword() {
        EmbeddedRedis redis = started(EmbeddedRedis.start(directory, 0, false));
        commands(redis).set("gate:sku:1001", "100");
        int port = redis.port();
        String password = redis.password();

        redis.kill();
        redis.startEmpty();

        assertThat(redis.port()).isEqualTo(port);
        assertThat(redis.password()).isEqualTo(password);
        assertThat(commands(redis).dbsize()).isZero();
        assertThatThrownBy(redis::startEmpty).isInstanceOf(IllegalStateException.class).hasMessageContaining("is running");
    }

    @Test
    void keptDataAndPasswordSurviveAServerLeftRunningByAKilledJvm() throws Exception {
        EmbeddedRedis first = started(EmbeddedRedis.start(directory, 0, true));
        commands(first).set("order:7", "reserved");
        long firstPid = first.pid();
        assertThat(Files.readString(directory.resolve("password")).strip()).isEqualTo(first.password());
        assertThat(Files.getPosixFilePermissions(directory.resolve("password")))
                .containsExactlyInAnyOrder(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE);

        // the first server is left running, as after kill -9 of its JVM: the next start stops it and goes on
        EmbeddedRedis second = started(EmbeddedRedis.start(directory, 0, true));

        assertThat(ProcessHandle.of(firstPid)).isEmpty();
        assertThat(second.password()).isEqualTo(first.password());
        assertThat(commands(second).get("order:7")).isEqualTo("reserved");
    }

    @Test
    void aPortTakenByAnotherProgramIsNamed() throws Exception {
        EmbeddedRedis other = started(EmbeddedRedis.start(directory.resolve("other"), 0, false));

        assertThatThrownBy(() -> EmbeddedRedis.start(directory.resolve("mine"), other.port(), false))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("port " + other.port() + " on 127.0.0.1 is taken by another program");
    }

    private EmbeddedRedis started(EmbeddedRedis redis) {
        opened.add(redis);
        return redis;
    }

    private RedisClient client(RedisURI uri) {
        RedisClient client = RedisClient.create(uri);
        opened.add(client::shutdown);
        return client;
    }

    private RedisCommands<String, String> commands(RedisServer redis) {
        RedisClient client = client(RedisURI.builder().withHost(redis.host()).withPort(redis.port())
                .withPassword(redis.password().toCharArray()).withTimeout(Duration.ofSeconds(2)).build());
        StatefulRedisConnection<String, String> connection = client.connect();
        opened.add(connection);
        return connection.sync();
    }

    /** The process's listening TCP sockets from /proc, as {@code tcp|tcp6 address:port} in the kernel's hex. */
    private static List<String> listeningSockets(long pid) throws IOException {
        Set<String> inodes = new HashSet<>();
        try (DirectoryStream<Path> fds = Files.newDirectoryStream(Path.of("/proc", Long.toString(pid), "fd"))) {
            for (Path fd : fds) {
                String target;
                try {
                    target = Files.readSymbolicLink(fd).toString();
                } catch (NoSuchFileException closed) {
                    // closed since the listing (redis-server opens and closes files while it runs); a
                    // listening socket stays open
                    continue;
                }
                if (target.startsWith("socket:[")) {
                    inodes.add(target.substring(8, target.length() - 1));
                }
            }
        }
        List<String> listening = new ArrayList<>();
        for (String table : List.of("tcp", "tcp6")) {
            for (String line : Files.readAllLines(Path.of("/proc/net", table))) {
                String[] fields = line.trim().split("\\s+");
                if (fields.length > 9 && "0A".equals(fields[3]) && inodes.contains(fields[9])) {
                    listening.add(table + " " + fields[1]);
                }
            }
        }
        return listening;
    }
}
