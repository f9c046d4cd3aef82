package dev.eventual.deploy;

import dev.eventual.infra.db.ServiceDatabase;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The MySQL init scripts, run here with a stand-in for the mysql client that records the SQL they
 * send: one database per service, each service's user on it with the password compose gives the
 * service, and the XXL-Job admin's database, user and console login.
 */
class MySqlInitTest {

    private static final String INITDB = "deploy/mysql/initdb";
    private static final Pattern SCRIPT_VARIABLE = Pattern.compile("\\$\\{?([A-Z][A-Z0-9_]+)");

    private final Compose compose = Compose.load();

    @TempDir
    Path bin;

    @Test
    void createsEachServicesDatabaseAndUserWithThePasswordTheServiceGets() throws IOException {
        Map<String, String> environment = InitSql.distinctSecrets(compose);
        String sql = runInit("10-databases-and-users.sh", environment).output();

        for (ServiceDatabase database : ServiceDatabase.values()) {
            assertThat(sql).contains("CREATE DATABASE IF NOT EXISTS `" + database.databaseName()
                    + "` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;");
        }
        compose.builtModules().forEach((name, module) -> {
            SpringService service = SpringService.ofModule(module);
            if (!service.hasDatabase()) {
                return; // the auth-server: no database, no account (ServiceEnvironmentTest)
            }
            String user = service.ymlDefault("spring.datasource.username");
            String database = service.ymlDefault("spring.datasource.url").replaceAll(".*:\\d+/([^?]+)\\?.*", "$1");
            String password = environment.get(service.ymlPlaceholder("spring.datasource.password"));
            assertThat(compose.environment(name)).as(name + " connects without a username override")
                    .doesNotContainKey("SPRING_DATASOURCE_USERNAME");
            assertThat(sql).as(name)
                    .contains("CREATE USER IF NOT EXISTS '" + user + "'@'%' IDENTIFIED BY '" + password + "';")
                    .contains("GRANT " + (service.migratesItsDatabase() ? "ALL PRIVILEGES" : "SELECT, INSERT, UPDATE, DELETE")
                            + " ON `" + database + "`.* TO '" + user + "'@'%';");
        });
        assertThat(compose.environment("xxl-job-admin").get("PARAMS"))
                .contains("--spring.datasource.username=xxl_job", "mysql:3306/xxl_job?");
        assertThat(sql).contains("CREATE USER IF NOT EXISTS 'xxl_job'@'%' IDENTIFIED BY '" + environment.get("XXL_JOB_DB_PASSWORD") + "';")
                .contains("GRANT ALL PRIVILEGES ON `xxl_job`.* TO 'xxl_job'@'%';");
    }

    @Test
    void createsTheConsoleAdminWithThePasswordFromEnvNotTheDefault() throws IOException {
        Map<String, String> environment = InitSql.distinctSecrets(compose);
        String sql = runInit("40-xxl-job-admin-user.sh", environment).output();
        assertThat(sql).contains("VALUES ('admin', SHA2('" + environment.get("XXL_JOB_ADMIN_PASSWORD") + "', 256), 1, NULL);");
        assertThat(Repository.read(INITDB + "/20-xxl-job-tables.sql")).doesNotContain("INSERT INTO xxl_job_user");
    }

    @Test
    void refusesAPasswordThatWouldBreakOutOfItsSqlString() throws IOException {
        Map<String, String> environment = InitSql.distinctSecrets(compose);
        environment.put("NOTICE_DB_PASSWORD", "x'; DROP DATABASE order_db; --");
        assertThat(runInit("10-databases-and-users.sh", environment).exitCode()).isNotZero();
        environment.put("XXL_JOB_ADMIN_PASSWORD", "x\\'");
        assertThat(runInit("40-xxl-job-admin-user.sh", environment).exitCode()).isNotZero();
    }

    @Test
    void everyVariableTheScriptsReadIsSetOnTheMysqlContainer() throws IOException {
        Map<String, String> mysql = compose.environment("mysql");
        for (Path script : scripts()) {
            Matcher matcher = SCRIPT_VARIABLE.matcher(Files.readString(script));
            while (matcher.find()) {
                assertThat(mysql).as(script.getFileName() + " reads " + matcher.group(1)).containsKey(matcher.group(1));
            }
        }
    }

    @Test
    void scriptsAreExecutableSoTheEntrypointRunsThemInTheirOwnShell() throws IOException {
        assertThat(scripts()).hasSize(2).allSatisfy(script -> assertThat(Files.isExecutable(script)).as(script.toString()).isTrue());
    }

    @Test
    void theXxlJobSchemaHasTheLockRowTheSchedulerNeeds() {
        String tables = Repository.read(INITDB + "/20-xxl-job-tables.sql");
        assertThat(tables).startsWith("--").contains("USE xxl_job;");
        assertThat(SqlInserts.rows(tables, "xxl_job_lock")).containsExactly(Map.of("lock_name", "schedule_lock"));
        for (String table : List.of("xxl_job_group", "xxl_job_registry", "xxl_job_info", "xxl_job_logglue", "xxl_job_log",
                "xxl_job_log_report", "xxl_job_lock", "xxl_job_user")) {
            assertThat(tables).contains("CREATE TABLE " + table + " (");
        }
    }

    private List<Path> scripts() throws IOException {
        try (Stream<Path> files = Files.list(Repository.path(INITDB))) {
            return files.filter(file -> file.toString().endsWith(".sh")).sorted().toList();
        }
    }

    /** Runs an init script with a mysql stand-in that prints the SQL it is sent. */
    private Shell.Result runInit(String script, Map<String, String> environment) throws IOException {
        Path mysql = bin.resolve("mysql");
        Files.writeString(mysql, "#!/bin/sh\ncat\n");
        Files.setPosixFilePermissions(mysql, PosixFilePermissions.fromString("rwxr-xr-x"));
        return Shell.run(bin, environment, Shell.bash(INITDB + "/" + script));
    }
}
