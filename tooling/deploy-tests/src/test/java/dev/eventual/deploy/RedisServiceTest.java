package dev.eventual.deploy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The redis service: private (no host port), persistent (append-only file on a named volume), a
 * password from .env that never shows on a command line, healthy only when it answers PONG to an
 * authenticated PING, and handed to the two services of the stock gate, which wait for it and turn the
 * gate on together only when .env says so. The
 * start command and the health check run here with stand-ins of the image's tools that record
 * what they were given.
 */
class RedisServiceTest {

    private static final String PASSWORD = "f3a9c1d27be04e5a8c6d0123";
    private static final String REQUIRED_PASSWORD = "${REDIS_PASSWORD:?set REDIS_PASSWORD in .env (see .env.example)}";

    private final Compose compose = Compose.load();

    @TempDir
    Path bin;

    @Test
    void isPrivatePersistentAndWaitsForThePreflight() {
        Map<String, Object> redis = compose.service("redis");

        assertThat(redis.get("image")).isEqualTo("${REDIS_IMAGE:-redis:7.4}");
        assertThat(redis).doesNotContainKey("ports");
        assertThat(compose.strings("redis", "volumes")).containsExactly("redis-data:/data");
        assertThat(Compose.map(compose.root().get("volumes"))).containsKey("redis-data");
        assertThat(script()).contains("--appendonly yes", "--appendfsync everysec", "--protected-mode yes");
        assertThat(compose.environment("redis")).containsExactly(Map.entry("REDIS_PASSWORD", REQUIRED_PASSWORD));
        assertThat(compose.dependsOn("redis")).containsExactly(Map.entry("preflight", "service_completed_successfully"));
    }

    @Test
    void thePasswordReachesRedisOnItsStandardInputNotItsCommandLine() throws IOException {
        // the image's entrypoint, as a stand-in that shows what redis-server would get
        standIn("docker-entrypoint.sh", """
                #!/bin/sh
                echo "argv: $*"
                echo "stdin:"
                cat
                """);

        Shell.Result started = Shell.run(bin, Map.of("REDIS_PASSWORD", PASSWORD), "sh", "-c", script());

        assertThat(started.exitCode()).as(started.output()).isZero();
        assertThat(started.output()).contains("argv: redis-server - --appendonly yes --appendfsync everysec")
                .contains("stdin:\nrequirepass " + PASSWORD + "\n");
        assertThat(started.output().lines().filter(line -> line.startsWith("argv:"))).noneMatch(line -> line.contains(PASSWORD));
    }

    @Test
    void healthyOnlyOnPongToAnAuthenticatedPingWithThePasswordOffTheCommandLine() throws IOException {
        Path calls = bin.resolve("calls");
        // a redis-cli that answers like the server: PONG for the right password, LOADING while loading
        standIn("redis-cli", """
                #!/bin/sh
                echo "$*" >> %s
                if [ -n "$LOADING" ]; then echo "LOADING Redis is loading the dataset in memory"; exit 0; fi
                if [ "$REDISCLI_AUTH" = "%s" ]; then echo PONG; else echo "NOAUTH Authentication required."; fi
                """.formatted(calls, PASSWORD));

        assertThat(healthCheck(Map.of("REDIS_PASSWORD", PASSWORD)).exitCode()).isZero();
        assertThat(healthCheck(Map.of("REDIS_PASSWORD", "some-other-password-0123")).exitCode()).isNotZero();
        assertThat(healthCheck(Map.of("REDIS_PASSWORD", PASSWORD, "LOADING", "1")).exitCode()).isNotZero();
        assertThat(Files.readAllLines(calls)).hasSize(3).allSatisfy(args -> {
            assertThat(args).isEqualTo("-h 127.0.0.1 ping");
            assertThat(args).doesNotContain(PASSWORD);
        });
    }

    @Test
    void onlyTheGateServicesGetRedisAndWaitUntilItIsHealthy() {
        for (String name : List.of("order-service", "inventory-service", "reconcile-job-1", "reconcile-job-2")) {
            assertThat(compose.environment(name)).as(name)
                    .containsEntry("SPRING_DATA_REDIS_HOST", "redis")
                    .containsEntry("SPRING_DATA_REDIS_PORT", "6379")
                    .containsEntry("SPRING_DATA_REDIS_PASSWORD", REQUIRED_PASSWORD)
                    .containsEntry("SPRING_DATA_REDIS_TIMEOUT", "2s");
            assertThat(compose.dependsOn(name)).as(name).containsEntry("redis", "service_healthy");
        }
        assertThat(compose.environment("notice-service").keySet()).noneMatch(variable -> variable.contains("REDIS"));
        assertThat(compose.dependsOn("notice-service")).doesNotContainKey("redis");
    }

    @Test
    void theGateIsOffUnlessEnvSaysSoAndSwitchesTheGateServicesAndItsRepairTogether() {
        for (String name : List.of("order-service", "inventory-service", "reconcile-job-1", "reconcile-job-2")) {
            assertThat(compose.environment(name)).as(name)
                    .containsEntry("EVENTUAL_GATE_ENABLED", "${EVENTUAL_GATE_ENABLED:-false}");
            assertThat(Compose.withDefaults(compose.environment(name).get("EVENTUAL_GATE_ENABLED"))).isEqualTo("false");
        }
        assertThat(compose.environment("notice-service")).doesNotContainKey("EVENTUAL_GATE_ENABLED");
    }

    /** The start command as the container's shell gets it: compose turns $$ into $. */
    private String script() {
        List<String> command = compose.strings("redis", "command");
        assertThat(command.subList(0, 2)).containsExactly("sh", "-c");
        return command.get(2).replace("$$", "$");
    }

    private Shell.Result healthCheck(Map<String, String> environment) {
        return Shell.run(bin, environment, "sh", "-c", healthTest().get(1).replace("$$", "$"));
    }

    /** ["CMD-SHELL", script]: compose runs the script with the container's shell, $$ as $. */
    @SuppressWarnings("unchecked")
    private List<String> healthTest() {
        List<String> test = (List<String>) Compose.map(compose.service("redis").get("healthcheck")).get("test");
        assertThat(test.get(0)).isEqualTo("CMD-SHELL");
        return test;
    }

    private void standIn(String name, String script) throws IOException {
        Path file = bin.resolve(name);
        Files.writeString(file, script);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwx------"));
    }
}
