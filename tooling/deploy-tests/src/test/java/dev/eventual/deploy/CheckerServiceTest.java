package dev.eventual.deploy;

import dev.eventual.infra.db.EmbeddedMariaDb;
import dev.eventual.infra.db.SchemaMigrator;
import dev.eventual.infra.db.ServiceDatabase;
import dev.eventual.infra.redis.EmbeddedRedis;
import dev.eventual.launcher.invariants.CheckDefaults;
import dev.eventual.launcher.invariants.CheckOutcome;
import dev.eventual.launcher.invariants.InvariantCheckCommand;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The checker service: the invariant checker on the stack's network, for the Redis the host cannot
 * reach (docs/invariant-checker.md). Only {@code docker compose run} starts it (its profile), it
 * publishes nothing, its image runs the launcher jar as {@code check} and is made like the service
 * images, and its passwords are .env's, in its environment. The options and variables it passes are
 * run by the real checker, on a real MariaDB whose accounts the init script made and a real Redis.
 */
class CheckerServiceTest {

    private static final String NAME = "checker";
    private static final String DOCKERFILE = "deploy/docker/checker.Dockerfile";
    /** Where the stack's MySQL is; the test puts its own server's address in their place. */
    private static final String STACK_HOST = "--db-host=mysql";
    private static final String STACK_PORT = "--db-port=3306";

    private final Compose compose = Compose.load();
    private final String dockerfile = Repository.read(DOCKERFILE);
    private final List<String> instructions = dockerfile.lines().map(String::trim)
            .filter(line -> !line.isEmpty() && !line.startsWith("#")).toList();

    @TempDir
    Path bin;

    @Test
    void onlyDockerComposeRunStartsItOnceMysqlIsReady() {
        assertThat(compose.strings(NAME, "profiles")).containsExactly("check");
        compose.services().forEach((name, service) -> {
            if (!name.equals(NAME)) {
                assertThat(service).as(name + ", which docker compose up starts").doesNotContainKey("profiles");
            }
        });
        assertThat(compose.service(NAME).get("restart")).isEqualTo("no");
        assertThat(compose.dependsOn(NAME)).containsExactly(Map.entry("mysql", "service_healthy"));
    }

    @Test
    void publishesNothingAndSharesTheStacksNetwork() {
        assertThat(compose.service(NAME)).doesNotContainKeys("ports", "expose", "network_mode");
        // every service on the project's default network, where mysql and redis are names (a service may
        // have another name there: the auth-server's network alias)
        compose.services().forEach((name, service) -> {
            assertThat(service).as(name).doesNotContainKey("network_mode");
            if (service.containsKey("networks")) {
                assertThat(Compose.map(service.get("networks"))).as(name + " networks").containsOnlyKeys("default");
            }
        });
        assertThat(Compose.map(compose.root().get("networks"))).as("networks of the project").isEmpty();
        assertThat(instructions).noneMatch(line -> line.startsWith("EXPOSE"));
    }

    @Test
    void itsImageRunsTheLauncherJarAsTheCheckerMadeLikeTheServiceImages() {
        assertThat(Compose.map(compose.service(NAME).get("build")))
                .containsEntry("context", ".").containsEntry("dockerfile", DOCKERFILE);
        assertThat(compose.buildArgs(NAME)).containsExactly(Map.entry("JRE_IMAGE", compose.buildArgs("order-service").get("JRE_IMAGE")));
        String serviceBase = Repository.read(Compose.SERVICE_DOCKERFILE).lines().filter(line -> line.startsWith("ARG JRE_IMAGE="))
                .findFirst().orElseThrow();
        assertThat(instructions.get(0)).isEqualTo(serviceBase);
        assertThat(instructions.stream().filter(line -> line.startsWith("FROM ")))
                .containsExactly("FROM ${JRE_IMAGE} AS layers", "FROM ${JRE_IMAGE}");

        assertThat(dockerfile).contains("COPY tooling/launcher/target/*-exec.jar app.jar",
                "java -Djarmode=tools -jar app.jar extract --layers --launcher --destination extracted");
        for (String layer : List.of("dependencies", "spring-boot-loader", "snapshot-dependencies", "application")) {
            assertThat(dockerfile).contains("COPY --from=layers /build/extracted/" + layer + "/ /app/");
        }
        assertThat(Poms.bootJarClassifier("tooling/launcher")).as("launcher repackages to *-exec.jar").isEqualTo("exec");
        assertThat(Repository.read(".dockerignore")).as("the build context lets the jar in").contains("\n!tooling/launcher/target/*-exec.jar\n");

        int user = instructions.indexOf("USER app");
        assertThat(user).as("runs as the unprivileged user").isPositive().isLessThan(indexOf("ENTRYPOINT"));
        assertThat(dockerfile).contains("useradd --system --uid 10001");
        assertThat(imageEntrypoint())
                .containsExactly("java", "-cp", "/app", "org.springframework.boot.loader.launch.JarLauncher", "check");
        assertThat(compose.strings(NAME, "entrypoint")).startsWith(imageEntrypoint().toArray(String[]::new))
                .contains(STACK_HOST, STACK_PORT);
    }

    @Test
    void itsPasswordsAreEnvVariablesInItsEnvironmentNeverOnItsCommandLine() {
        assertThat(compose.environment(NAME)).containsOnlyKeys("EVENTUAL_CHECK_ORDER_DB_PASSWORD",
                        "EVENTUAL_CHECK_INVENTORY_DB_PASSWORD", "EVENTUAL_CHECK_NOTICE_DB_PASSWORD", "EVENTUAL_CHECK_REDIS_PASSWORD")
                .allSatisfy((variable, value) -> assertThat(value).as(variable)
                        .matches("\\$\\{([A-Z_]+):\\?set \\1 in \\.env \\(see \\.env\\.example\\)}"));
        assertThat(compose.strings(NAME, "entrypoint")).noneMatch(argument -> argument.toLowerCase().contains("password"));
    }

    @Test
    void theCheckerReadsTheStackWithTheseAccountsAndThePasswordsOfEnv() throws Exception {
        Map<String, String> dotEnv = InitSql.distinctSecrets(compose);
        try (EmbeddedMariaDb mysql = EmbeddedMariaDb.startWithAccounts(Path.of("target/checker-service/mariadb"), 0,
                EmbeddedMariaDb.LOOPBACK, null, false);
             EmbeddedRedis redis = EmbeddedRedis.start(Path.of("target/checker-service/redis"), 0, false)) {
            // MySQL 8.4 has no anonymous accounts; mariadb-install-db's ''@localhost would match before '%'
            mysql.execute(List.of("DELETE FROM mysql.global_priv WHERE User = ''", "FLUSH PRIVILEGES"));
            InitSql.runOn(mysql, InitSql.ofScript(bin, "10-databases-and-users.sh", dotEnv));
            for (ServiceDatabase database : ServiceDatabase.values()) {
                SchemaMigrator.createAndMigrate(mysql, database);
            }
            dotEnv.put("REDIS_PASSWORD", redis.password());

            Run run = check(mysql, redis, dotEnv);
            assertThat(run.exitCode()).as(run.output()).isZero();
            assertThat(run.output()).contains("0 violation(s)", "stock gate checked for no SKU");

            // the server checks each login: another account's password is refused
            dotEnv.put("RECONCILE_DB_PASSWORD", dotEnv.get("ORDER_DB_PASSWORD"));
            Run wrong = check(mysql, redis, dotEnv);
            assertThat(wrong.exitCode()).as(wrong.output()).isEqualTo(3);
            assertThat(wrong.output()).contains("cannot connect to order_db at 127.0.0.1:" + mysql.port() + " as reconcile_job");
        }
    }

    /**
     * The checker as {@code docker compose run --rm checker --redis redis:6379} runs it, this test's
     * servers in place of the stack's, and TLS off: the embedded server has none (the stack's MySQL
     * has, and the default, REQUIRED, uses it).
     */
    private Run check(EmbeddedMariaDb mysql, EmbeddedRedis redis, Map<String, String> dotEnv) {
        List<String> entrypoint = compose.strings(NAME, "entrypoint");
        List<String> args = new ArrayList<>();
        for (String argument : entrypoint.subList(imageEntrypoint().size(), entrypoint.size())) {
            args.add(switch (argument) {
                case STACK_HOST -> "--db-host=" + EmbeddedMariaDb.LOOPBACK;
                case STACK_PORT -> "--db-port=" + mysql.port();
                default -> argument;
            });
        }
        args.addAll(List.of("--ssl-mode=DISABLED", "--redis=" + EmbeddedRedis.LOOPBACK + ":" + redis.port()));
        Map<String, String> environment = new HashMap<>();
        compose.environment(NAME).forEach((variable, value) -> environment.put(variable, interpolated(value, dotEnv)));
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream output = new PrintStream(bytes, true, StandardCharsets.UTF_8);
        CheckOutcome outcome = InvariantCheckCommand.run(args, CheckDefaults.anyStack(), environment, output, output);
        return new Run(outcome.exitCode(), bytes.toString(StandardCharsets.UTF_8));
    }

    /** A value as compose makes it from .env. */
    private static String interpolated(String value, Map<String, String> dotEnv) {
        Matcher variable = Compose.VARIABLE.matcher(value);
        StringBuilder result = new StringBuilder();
        while (variable.find()) {
            assertThat(dotEnv).as(".env").containsKey(variable.group(1));
            variable.appendReplacement(result, Matcher.quoteReplacement(dotEnv.get(variable.group(1))));
        }
        variable.appendTail(result);
        return result.toString();
    }

    /** The Dockerfile's ENTRYPOINT, a JSON array. */
    @SuppressWarnings("unchecked")
    private List<String> imageEntrypoint() {
        String entrypoint = instructions.get(indexOf("ENTRYPOINT")).substring("ENTRYPOINT ".length());
        return (List<String>) new Yaml(new SafeConstructor(new LoaderOptions())).load(entrypoint);
    }

    private int indexOf(String instruction) {
        for (int i = 0; i < instructions.size(); i++) {
            if (instructions.get(i).startsWith(instruction + " ")) {
                return i;
            }
        }
        throw new AssertionError("no " + instruction + " in " + DOCKERFILE);
    }

    private record Run(int exitCode, String output) {
    }
}
