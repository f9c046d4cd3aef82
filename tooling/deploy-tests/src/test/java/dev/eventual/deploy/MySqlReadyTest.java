package dev.eventual.deploy;

import dev.eventual.infra.db.EmbeddedMariaDb;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
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
        Map<String, String> environment = InitSql.distinctSecrets(Compose.load());
        assertThat(ready()).as("empty server").isFalse();

        InitSql.runOn(database, InitSql.ofScript(bin, "10-databases-and-users.sh", environment));
        assertThat(ready()).as("databases and users, no console tables").isFalse();
        InitSql.runOn(database, Repository.read(InitSql.INITDB + "/20-xxl-job-tables.sql"));
        InitSql.runOn(database, Repository.read(InitSql.INITDB + "/30-xxl-job-eventual-jobs.sql"));
        assertThat(ready()).as("everything but the console user of the last script").isFalse();
        InitSql.runOn(database, InitSql.ofScript(bin, "40-xxl-job-admin-user.sh", environment));
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
             ResultSet result = statement.executeQuery(InitSql.withoutComments(Repository.read(READY_SQL))
                     .replaceAll(";\\s*$", ""))) {
            return result.next() && "1".equals(result.getString(1));
        } catch (SQLException e) {
            return false; // the mysql client prints no 1 when the query fails (a table not there yet)
        }
    }

    private static String url() {
        return database.jdbcUrl("information_schema");
    }
}
