package dev.eventual.launcher.invariants;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import picocli.CommandLine.ParameterException;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Properties;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The check's command line: both spellings, the defaults, per-database settings, passwords, TLS, and every refusal. */
class CheckOptionsTest {

    @TempDir
    Path directory;

    @Test
    void bothSpellingsReadTheSame() {
        CheckOptions joined = options(Map.of(), "--db-host=db.example", "--db-port=3307", "--db-user=reader",
                "--ssl-mode=verify_identity", "--initial-stock=1001:100,1002:5");
        CheckOptions separate = options(Map.of(), "--db-host", "db.example", "--db-port", "3307", "--db-user", "reader",
                "--ssl-mode", "VERIFY_IDENTITY", "--initial-stock", "1001:100,1002:5");

        assertThat(separate).isEqualTo(joined);
        assertThat(joined.databases()).containsExactly(
                new DatabaseTarget("order_db", "db.example", 3307, "reader", ""),
                new DatabaseTarget("inventory_db", "db.example", 3307, "reader", ""),
                new DatabaseTarget("notice_db", "db.example", 3307, "reader", ""));
        assertThat(joined.tls().sslMode()).isEqualTo(SslMode.VERIFY_IDENTITY);
        assertThat(joined.initialStock()).isEqualTo(Map.of(1001L, 100, 1002L, 5));
    }

    @Test
    void withoutOptionsItReadsTheComposeStackAsTheReadOnlyAccountOverTls() {
        CheckOptions options = options(Map.of());

        assertThat(options.databases()).extracting(DatabaseTarget::describe).containsExactly(
                "order_db at 127.0.0.1:33306 as eventual_checker", "inventory_db at 127.0.0.1:33306 as eventual_checker",
                "notice_db at 127.0.0.1:33306 as eventual_checker");
        assertThat(options.tls()).isEqualTo(new TlsSettings(SslMode.REQUIRED, null, null, null));
        assertThat(options.initialStock()).isEmpty();
        assertThat(options.gate()).as("the stock gate is checked only when asked").isNull();
        assertThat(options.relayMaxAttempts()).as("the relay's own default").isEqualTo(16);
    }

    @Test
    void theRelaysMaximumOfSendsIsTheOneItRunsWith() {
        assertThat(options(Map.of(), "--relay-max-attempts=5").relayMaxAttempts()).isEqualTo(5);
    }

    @Test
    void theStockGateIsCheckedInTheRedisNamedWithItsPasswordFromTheEnvironment() {
        CheckOptions options = options(Map.of(CheckOptions.REDIS_PASSWORD_VARIABLE, "redis-secret"),
                "--redis=cache.example", "--gated-skus=1001, 1002");

        assertThat(options.gate()).isEqualTo(new CheckOptions.GateTarget("cache.example", 6379, "redis-secret",
                java.util.Set.of(1001L, 1002L)));
        assertThat(options(Map.of(), "--redis", "cache:16379").gate())
                .isEqualTo(new CheckOptions.GateTarget("cache", 16379, null, java.util.Set.of()));
    }

    @Test
    void eachDatabaseMayLieElsewhereWithItsOwnAccount() {
        CheckOptions options = options(Map.of(CheckOptions.PASSWORD_VARIABLE, "common-secret",
                        "EVENTUAL_CHECK_NOTICE_DB_PASSWORD", "notice-secret"),
                "--db-host", "primary", "--db-port", "3306", "--db-user", "reader",
                "--inventory-db", "inventory-replica", "--notice-db=notice-replica:3307", "--notice-db-user", "notice_reader",
                "--order-db=[fd00::7]:3308");

        assertThat(options.databases()).containsExactly(
                new DatabaseTarget("order_db", "[fd00::7]", 3308, "reader", "common-secret"),
                new DatabaseTarget("inventory_db", "inventory-replica", 3306, "reader", "common-secret"),
                new DatabaseTarget("notice_db", "notice-replica", 3307, "notice_reader", "notice-secret"));
        assertThat(options.databases().get(0).jdbcUrl()).isEqualTo("jdbc:mysql://[fd00::7]:3308/order_db");
    }

    @Test
    void orderDbOnSeveralServersIsReadFromEachInTheOrderOfTheirShards() {
        CheckOptions options = options(Map.of(), "--db-host=primary", "--db-user=reader",
                "--order-db=127.0.0.1:13306,127.0.0.1:13307");

        assertThat(options.orderServers()).isEqualTo(2);
        assertThat(options.databases()).extracting(DatabaseTarget::describe).containsExactly(
                "order_db at 127.0.0.1:13306 as reader", "order_db at 127.0.0.1:13307 as reader",
                "inventory_db at primary:33306 as reader", "notice_db at primary:33306 as reader");
        assertThat(options(Map.of(), "--order-db=one:3306").orderServers()).isEqualTo(1);
    }

    @Test
    void aPasswordFileComesBeforeTheVariableAndLosesItsLineEnd() throws IOException {
        Path file = Files.writeString(directory.resolve("password"), "from-file\n");
        Path orderFile = Files.writeString(directory.resolve("order-password"), "order-from-file\r\n");

        CheckOptions options = options(Map.of(CheckOptions.PASSWORD_VARIABLE, "from-variable",
                        "EVENTUAL_CHECK_ORDER_DB_PASSWORD", "order-from-variable"),
                "--db-password-file", file.toString(), "--order-db-password-file=" + orderFile);

        assertThat(options.databases()).extracting(DatabaseTarget::password)
                .containsExactly("order-from-file", "from-file", "from-file");
    }

    @Test
    void theDefaultsPasswordIsTheLastResort() {
        CheckDefaults local = new CheckDefaults("127.0.0.1", 13306, "root", "kept-password", SslMode.DISABLED, "kept-redis");

        assertThat(CheckOptions.from(CheckArguments.parse(List.of(), local), local, Map.of()).databases())
                .extracting(DatabaseTarget::password).containsOnly("kept-password");
        assertThat(CheckOptions.from(CheckArguments.parse(List.of(), local), local,
                Map.of(CheckOptions.PASSWORD_VARIABLE, "given")).databases())
                .extracting(DatabaseTarget::password).containsOnly("given");
    }

    @Test
    void theDefaultsRedisPasswordIsTheLastResortToo() throws IOException {
        CheckDefaults local = new CheckDefaults("127.0.0.1", 13306, "root", null, SslMode.DISABLED, "kept-redis");
        Path file = Files.writeString(directory.resolve("redis-password"), "from-file\n");

        assertThat(CheckOptions.from(CheckArguments.parse(List.of("--redis=127.0.0.1:16379"), local), local,
                Map.of()).gate().password()).isEqualTo("kept-redis");
        assertThat(CheckOptions.from(CheckArguments.parse(List.of("--redis=127.0.0.1:16379"), local), local,
                Map.of(CheckOptions.REDIS_PASSWORD_VARIABLE, "given")).gate().password()).isEqualTo("given");
        assertThat(CheckOptions.from(CheckArguments.parse(List.of("--redis=127.0.0.1:16379", "--redis-password-file=" + file),
                local), local, Map.of(CheckOptions.REDIS_PASSWORD_VARIABLE, "given")).gate().password())
                .isEqualTo("from-file");
        assertThat(CheckOptions.from(CheckArguments.parse(List.of(), local), local, Map.of()).gate())
                .as("the gate is still checked only when asked").isNull();
    }

    @Test
    void aTrustStoreIsHandedToTheDriverForVerifyingModes() throws IOException {
        Path store = Files.writeString(directory.resolve("trust.p12"), "not read here");

        CheckOptions options = options(Map.of(CheckOptions.TRUST_STORE_PASSWORD_VARIABLE, "store-secret"),
                "--ssl-mode", "VERIFY_CA", "--trust-store", store.toString());
        Properties driver = new Properties();
        options.tls().addTo(driver);

        assertThat(driver).containsEntry("sslMode", "VERIFY_CA")
                .containsEntry("trustCertificateKeyStoreUrl", store.toUri().toString())
                .containsEntry("trustCertificateKeyStoreType", "PKCS12")
                .containsEntry("trustCertificateKeyStorePassword", "store-secret");
    }

    @Test
    void helpIsAFlag() {
        assertThat(CheckArguments.parse(List.of("--db-port", "3306", "--help"), CheckDefaults.anyStack()).help).isTrue();
        assertThat(CheckArguments.parse(List.of("-h"), CheckDefaults.anyStack()).help).isTrue();
        assertThat(CheckArguments.parse(List.of("--db-port", "3306"), CheckDefaults.anyStack()).help).isFalse();
    }

    @Test
    void theLocalSuitesDefaultsAreTheOnesLeftOut() {
        CheckDefaults local = new CheckDefaults("127.0.0.1", 13306, "root", null, SslMode.DISABLED, null);

        assertThat(CheckOptions.from(CheckArguments.parse(List.of("--db-user=reader"), local), local, Map.of()).databases())
                .extracting(DatabaseTarget::describe).containsOnly(
                        "order_db at 127.0.0.1:13306 as reader", "inventory_db at 127.0.0.1:13306 as reader",
                        "notice_db at 127.0.0.1:13306 as reader");
        assertThat(CheckOptions.from(CheckArguments.parse(List.of(), local), local, Map.of()).tls().sslMode())
                .isEqualTo(SslMode.DISABLED);
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
            "--db-hots=x                          | Unknown option: '--db-hots=x'",
            "--db-host                            | Missing required parameter for option '--db-host' (HOST)",
            "--db-host --db-port 3306             | Expected parameter for option '--db-host' but found '--db-port'",
            "--db-host=                           | Invalid value for option '--db-host': a value is needed",
            "--db-port 3306 --db-port=3307        | option '--db-port' (PORT) should be specified only once",
            "127.0.0.1                            | Unmatched argument at index 0: '127.0.0.1'",
            "--db-password=secret                 | --db-password: passwords are not taken on the command line",
            "--notice-db-password secret          | --notice-db-password: passwords are not taken on the command line",
            "--db-port=http                       | Invalid value for option '--db-port': 'http' is no port (1-65535)",
            "--db-port 70000                      | Invalid value for option '--db-port': '70000' is no port (1-65535)",
            "--order-db=replica:x                 | Invalid value for option '--order-db' (HOST[:PORT]): 'x' is no port",
            "--order-db=fd00::7:3306              | Invalid value for option '--order-db' (HOST[:PORT]): 'fd00::7:3306': write an IPv6 address in brackets",
            "--ssl-mode=ON                        | Invalid value for option '--ssl-mode': expected one of [DISABLED, PREFERRED, REQUIRED, VERIFY_CA, VERIFY_IDENTITY]",
            "--ssl-mode=VERIFY_CA --trust-store=/nonexistent/trust.p12 | --trust-store=/nonexistent/trust.p12: no readable file",
            "--trust-store=/etc/hostname          | --trust-store is only read with --ssl-mode=VERIFY_CA or VERIFY_IDENTITY (now REQUIRED",
            "--trust-store-type=JKS               | --trust-store-type needs --trust-store",
            "--db-password-file=/nonexistent/pw   | cannot read the password file /nonexistent/pw",
            "--initial-stock=1001-100             | Invalid value for option '--initial-stock' (SKU:UNITS): '1001-100' is not sku:units",
            "--initial-stock=1001:1,1001:2        | --initial-stock: SKU 1001 is named twice",
            "--gated-skus=1001                    | --gated-skus needs --redis=HOST[:PORT]",
            "--redis-password-file=/etc/hostname  | --redis-password-file needs --redis=HOST[:PORT]",
            "--redis=cache:x                      | Invalid value for option '--redis': 'x' is no port",
            "--redis=fd00::7                      | Invalid value for option '--redis': 'fd00::7': expected HOST or HOST:PORT",
            "--redis=cache --gated-skus=10x       | Invalid value for option '--gated-skus' (SKU): '10x' is no SKU",
            "--redis-password=secret              | --redis-password: passwords are not taken on the command line",
            "--order-db=a:13306,b:13307,c:13308   | --order-db: order_db is split across a power of two of servers, not 3",
            "--order-db=a:13306,,b:13307          | Invalid value for option '--order-db' (HOST[:PORT]): an empty address",
            "--relay-max-attempts=0               | Invalid value for option '--relay-max-attempts': '0' is no number of sends (1 or more)",
    })
    void aBadCommandLineIsRefusedWithWhatToChange(String commandLine, String message) {
        assertThatThrownBy(() -> options(Map.of(), commandLine.split(" ")))
                .isInstanceOf(ParameterException.class)
                .hasMessageStartingWith(message);
    }

    private static CheckOptions options(Map<String, String> env, String... args) {
        return CheckOptions.from(CheckArguments.parse(Arrays.asList(args), CheckDefaults.anyStack()), CheckDefaults.anyStack(), env);
    }
}
