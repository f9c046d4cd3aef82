package dev.eventual.launcher;

import dev.eventual.launcher.invariants.CheckDefaults;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine.ParameterException;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * What ./run-local.sh makes of its arguments and EVENTUAL_GATE_ENABLED: the services' properties, the gate, the
 * order_db servers and the token, every bad argument refused with its name;
 * where the reconcile job's executor logs and where --check finds the suite's passwords.
 */
class LaunchSettingsTest {

    private static final Map<String, String> NO_ENV = Map.of();

    @Test
    void propertiesGoToEveryServiceAsGivenAndTheGateStaysOff() {
        List<String> args = serviceArgs(List.of("--eventual.notice.channel=log", "--a.b=c"), NO_ENV);

        assertThat(args).containsExactly("--eventual.notice.channel=log", "--a.b=c");
        assertThat(settings(args).gateEnabled()).isFalse();
    }

    @Test
    void theFlagTurnsTheGateOnAheadOfTheUsersProperties() {
        List<String> args = serviceArgs(List.of("--eventual.gate.skus=1001", "--gate"), NO_ENV);

        assertThat(args).containsExactly("--eventual.gate.enabled=true", "--eventual.gate.skus=1001");
        assertThat(settings(args).gateEnabled()).isTrue();
    }

    @Test
    void theVariableTurnsItOnAndTheFlagWinsOverIt() {
        assertThat(serviceArgs(List.of(), Map.of("EVENTUAL_GATE_ENABLED", "true")))
                .containsExactly("--eventual.gate.enabled=true");
        assertThat(serviceArgs(List.of(), Map.of("EVENTUAL_GATE_ENABLED", " TRUE ")))
                .containsExactly("--eventual.gate.enabled=true");
        assertThat(serviceArgs(List.of(), Map.of("EVENTUAL_GATE_ENABLED", "false"))).isEmpty();
        assertThat(serviceArgs(List.of(), Map.of("EVENTUAL_GATE_ENABLED", ""))).isEmpty();
        assertThat(serviceArgs(List.of("--gate"), Map.of("EVENTUAL_GATE_ENABLED", "false")))
                .containsExactly("--eventual.gate.enabled=true");
        assertThat(serviceArgs(List.of("--gate=true"), NO_ENV)).containsExactly("--eventual.gate.enabled=true");
        assertThat(serviceArgs(List.of("--gate=false"), Map.of("EVENTUAL_GATE_ENABLED", "true"))).isEmpty();
    }

    @Test
    void aVariableThatIsNeitherTrueNorFalseIsRefusedNotGuessed() {
        assertThatThrownBy(() -> serviceArgs(List.of(), Map.of("EVENTUAL_GATE_ENABLED", "yes")))
                .isInstanceOf(ParameterException.class)
                .hasMessage("EVENTUAL_GATE_ENABLED must be true or false, not 'yes'");
    }

    @Test
    void theUsersOwnSwitchIsNotRepeatedAndWins() {
        // Spring would read a repeated --eventual.gate.enabled as "true,false"
        List<String> off = serviceArgs(List.of("--gate", "--eventual.gate.enabled=false"),
                Map.of("EVENTUAL_GATE_ENABLED", "true"));
        assertThat(off).containsExactly("--eventual.gate.enabled=false");
        assertThat(settings(off).gateEnabled()).isFalse();

        List<String> on = serviceArgs(List.of("--eventual.gate.enabled=true"), NO_ENV);
        assertThat(on).containsExactly("--eventual.gate.enabled=true");
        assertThat(settings(on).gateEnabled()).isTrue();
    }

    @Test
    void orderShardsIsTheLaunchersOwnAndAPowerOfTwo() {
        List<String> args = List.of("--order-shards=2", "--a.b=c");

        assertThat(serviceArgs(args, NO_ENV)).containsExactly("--a.b=c");
        assertThat(LaunchOptions.parse(args).orderServers()).isEqualTo(2);
        assertThat(LaunchOptions.parse(List.of("--order-shards", "4")).orderServers()).isEqualTo(4);
        assertThat(LaunchOptions.parse(List.of("--a.b=c")).orderServers()).as("the data directory's own number").isZero();
        for (String bad : List.of("3", "0", "16", "two")) {
            assertThatThrownBy(() -> LaunchOptions.parse(List.of("--order-shards=" + bad))).as(bad)
                    .isInstanceOf(ParameterException.class)
                    .hasMessage("Invalid value for option '--order-shards': '" + bad + "': 1, 2, 4 or 8 servers");
        }
    }

    @Test
    void theTokenIsForWhomItNamesAndAloneOnItsCommandLine() {
        assertThat(LaunchOptions.parse(List.of("--token=alice")).token()).isEqualTo("alice");
        assertThat(LaunchOptions.parse(List.of("--token", "customer:7")).token()).isEqualTo("customer:7");
        assertThat(LaunchOptions.parse(List.of("--gate")).token()).isNull();
        assertThatThrownBy(() -> LaunchOptions.parse(List.of("--token=alice", "--gate")))
                .isInstanceOf(ParameterException.class).hasMessageStartingWith("--token takes no other option");
        assertThatThrownBy(() -> LaunchOptions.parse(List.of("--token")))
                .isInstanceOf(ParameterException.class).hasMessageContaining("'--token'");
    }

    @Test
    void helpIsAskedForAndListsEveryOption() {
        assertThat(LaunchOptions.parse(List.of("--help")).helpRequested()).isTrue();
        assertThat(LaunchOptions.parse(List.of("-h")).helpRequested()).isTrue();
        assertThat(LaunchOptions.parse(List.of("--gate")).helpRequested()).isFalse();
    }

    @Test
    void anythingElseIsRefusedNamingIt() {
        assertThatThrownBy(() -> LaunchOptions.parse(List.of("--gate=yes"))).isInstanceOf(ParameterException.class)
                .hasMessage("Invalid value for option '--gate': 'yes' is not a boolean");
        for (String bad : List.of("gate", "--verbose", "-Dx=y", "--eventual.gate.skus")) {
            assertThatThrownBy(() -> LaunchOptions.parse(List.of(bad))).as(bad)
                    .isInstanceOf(ParameterException.class)
                    .hasMessage("'" + bad + "' is not --gate, --order-shards=N, --token=WHO nor a --spring.property=value");
        }
    }

    @Test
    void theBannerSaysWhetherTheGateIsOnAndThatSettingStockSeedsIt() {
        assertThat(LocalLauncher.gateLine(false, 8082))
                .contains("Stock gate: off", "--gate", "EVENTUAL_GATE_ENABLED=true");
        assertThat(LocalLauncher.gateLine(true, 8082))
                .contains("Stock gate: ON", "seeds its count", "PUT http://127.0.0.1:8082/api/inventory/<sku>",
                        "./run-local.sh --token=adam", "Authorization: Bearer $ADMIN", "gets its count from the reconcile job's rebuild",
                        "otherwise set its stock again")
                .doesNotContain("503");
    }

    @Test
    void theExecutorsLogsGoToTheDataDirectoryNotTheCheckout() {
        LaunchSettings settings = LaunchSettings.defaults(Path.of("/srv/eventual/.local-data"), "127.0.0.1", null,
                List.of("--xxl.job.admin.addresses=http://127.0.0.1:8080/xxl-job-admin"), 1, 0);

        assertThat(settings.reconcileArgs()).containsExactly("--xxl.job.executor.log-path=/srv/eventual/.local-data/xxl-job");
        assertThat(settings(List.of("--xxl.job.executor.log-path=/var/log/xxl")).reconcileArgs())
                .as("the user's own is given once, by the user").isEmpty();
    }

    @Test
    void theCheckOfTheLocalSuiteFindsItsPasswordsInTheDataDirectory(@TempDir Path data) throws IOException {
        Files.createDirectories(data.resolve("mariadb"));
        Files.createDirectories(data.resolve("redis"));
        Files.writeString(data.resolve("mariadb/root-password"), "db-kept\n");
        Files.writeString(data.resolve("redis/password"), "redis-kept\n");

        CheckDefaults kept = LocalLauncher.localSuiteCheck(Map.of("EVENTUAL_DATA_DIR", data.toString()));
        assertThat(kept.password()).isEqualTo("db-kept");
        assertThat(kept.redisPassword()).isEqualTo("redis-kept");
        assertThat(kept.port()).isEqualTo(LaunchSettings.DATABASE_PORT);
        assertThat(LocalLauncher.localSuiteCheck(Map.of("EVENTUAL_DATA_DIR", data.toString(),
                "EVENTUAL_LOCAL_DB_PASSWORD", "db-set")).password()).isEqualTo("db-set");

        CheckDefaults none = LocalLauncher.localSuiteCheck(Map.of("EVENTUAL_DATA_DIR", data.resolve("empty").toString()));
        assertThat(none.password()).isNull();
        assertThat(none.redisPassword()).isNull();
    }

    @Test
    void aPortOffsetMovesEveryPortOfTheSuiteAndOfWhatFindsIt(@TempDir Path data) {
        Map<String, String> env = Map.of("EVENTUAL_DATA_DIR", data.toString(), LaunchSettings.PORT_OFFSET_ENV, "20000");
        LaunchSettings moved = LaunchSettings.defaults(data, "127.0.0.1", null, List.of(), 1, LaunchSettings.portOffset(env));

        assertThat(List.of(moved.databasePort(), moved.redisPort(), moved.nameServerPort(), moved.orderPort(),
                moved.inventoryPort(), moved.noticePort(), moved.reconcilePort(), moved.authPort()))
                .containsExactly(33306, 36379, 39876, 28081, 28082, 28083, 28084, 29000);
        assertThat(LocalLauncher.localSuiteCheck(env).port()).isEqualTo(33306);
        assertThat(LaunchSettings.portOffset(NO_ENV)).isZero();
        for (String bad : List.of("-1", "45001", "ten")) {
            assertThatThrownBy(() -> LaunchSettings.portOffset(Map.of(LaunchSettings.PORT_OFFSET_ENV, bad)))
                    .isInstanceOf(IllegalArgumentException.class).hasMessage("EVENTUAL_PORT_OFFSET=" + bad
                            + ": a number from 0 to 45000");
        }
    }

    private static List<String> serviceArgs(List<String> args, Map<String, String> env) {
        return LaunchOptions.parse(args).serviceArgs(env);
    }

    private static LaunchSettings settings(List<String> serviceArgs) {
        return LaunchSettings.defaults(Path.of("data"), "127.0.0.1", null, serviceArgs, 1, 0);
    }
}
