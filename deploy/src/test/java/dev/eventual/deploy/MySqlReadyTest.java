package dev.eventual.deploy;

import dev.eventual.infra.db.EmbeddedMariaDb;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The mysql service's health check (deploy/mysql/ready.sql) on a real server: the init scripts'
 * SQL (made by the scripts themselves, with a stand-in mysql client that prints it) runs on an
 * embedded MariaDB one script at a time, and the check must say "not ready" until the last one ran,
 * then "ready", and stay ready when the console gets a second user (issue 15: the old check
 * compared the user count to exactly 1, so a second user made MySQL unhealthy for good).
 */
class MySqlReadyTest {

    private static final String INITDB = "deploy/mysql/initdb";
    private static final String READY_SQL = "deploy/mysql/ready.sql";
    private static final String MOUNTED_AT = "/eventual/ready.sql";

    private static EmbeddedMariaDb database;

    @TempDir
    Path bin;

    @BeforeAll
    static void startDatabase() {
        // accounts on, as in MySQL: CREATE USER must really create users for the check to see
        database = EmbeddedMariaDb.startWithAccounts(Path.of("target/mysql-ready"), 0, EmbeddedMariaDb.LOOPBACK,
                "ready-test-root-0123456789", false);
    }

    @AfterAll
    static void stopDatabase() {
        if (database != null) {
            database.close();
        }
    }

    @Test
    void readyOnlyOnceTheLastInitScriptRanAndStillReadyWithASecondConsoleUser() throws IOException {
        Map<String, String> environment = secrets();
        assertThat(ready()).as("empty server").isFalse();

        runOnDatabase(scriptOutput("10-databases-and-users.sh", environment));
        assertThat(ready()).as("databases and users, no console tables").isFalse();
        runOnDatabase(Repository.read(INITDB + "/20-xxl-job-tables.sql"));
        runOnDatabase(Repository.read(INITDB + "/30-xxl-job-eventual-jobs.sql"));
        assertThat(ready()).as("everything but the console user of the last script").isFalse();
        runOnDatabase(scriptOutput("40-xxl-job-admin-user.sh", environment));
        assertThat(ready()).as("every init script ran").isTrue();

        database.execute("INSERT INTO xxl_job.xxl_job_user (username, password, role, permission)"
                + " VALUES ('second', SHA2('second-user-password', 256), 0, '1')");
        assertThat(ready()).as("a second console user added in the console").isTrue();

        database.execute("DROP USER 'notice_service'@'%'");
        assertThat(ready()).as("a service account missing").isFalse();
    }

    @Test
    void composeRunsThisCheckOnTheMysqlServiceOverTcp() {
        Compose compose = Compose.load();
        assertThat(compose.strings("mysql", "volumes")).contains("./" + READY_SQL + ":" + MOUNTED_AT + ":ro");
        List<String> test = Compose.map(compose.service("mysql").get("healthcheck")).get("test") instanceof List<?> items
                ? items.stream().map(Object::toString).toList() : List.of();
        assertThat(test).hasSize(2).first().isEqualTo("CMD-SHELL");
        // over TCP: the entrypoint's first server, which runs the init scripts, has no networking
        assertThat(test.get(1)).contains("mysql -h 127.0.0.1 -uroot -N -B < " + MOUNTED_AT)
                .endsWith("| grep -qx 1")
                .doesNotContain("COUNT(*)");
    }

    /** What ready.sql answers, as the health check reads it: exactly "1" means healthy. */
    private static boolean ready() {
        try (Connection connection = DriverManager.getConnection(url(), database.username(), database.password());
             Statement statement = connection.createStatement();
             ResultSet result = statement.executeQuery(withoutComments(Repository.read(READY_SQL)).replaceAll(";\\s*$", ""))) {
            return result.next() && "1".equals(result.getString(1));
        } catch (SQLException e) {
            return false; // the mysql client prints no 1 when the query fails (a table not there yet)
        }
    }

    /** Runs a script's statements in order on one connection, as the mysql client would. */
    private static void runOnDatabase(String sql) {
        database.execute(Arrays.stream(withoutComments(sql).split(";\\s*(\\n|$)"))
                .map(String::strip).filter(statement -> !statement.isEmpty()).toList());
    }

    private static String withoutComments(String sql) {
        return sql.lines().filter(line -> !line.stripLeading().startsWith("--")).reduce("", (a, b) -> a + b + "\n");
    }

    private static String url() {
        return database.jdbcUrl("information_schema");
    }

    /** The SQL a shell init script sends to its mysql client. */
    private String scriptOutput(String script, Map<String, String> environment) throws IOException {
        Path mysql = bin.resolve("mysql");
        Files.writeString(mysql, "#!/bin/sh\ncat\n");
        Files.setPosixFilePermissions(mysql, PosixFilePermissions.fromString("rwxr-xr-x"));
        Shell.Result result = Shell.run(bin, environment, Shell.bash(INITDB + "/" + script));
        assertThat(result.exitCode()).as(script + ": " + result.output()).isZero();
        return result.output();
    }

    private static Map<String, String> secrets() {
        Map<String, String> environment = new HashMap<>();
        Compose.load().environment("mysql").keySet().forEach(name -> environment.put(name, "secret-of-" + name.toLowerCase()));
        return environment;
    }
}
