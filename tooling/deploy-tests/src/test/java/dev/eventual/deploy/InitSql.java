package dev.eventual.deploy;

import dev.eventual.infra.db.EmbeddedMariaDb;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The MySQL init scripts' SQL (deploy/mysql/initdb), made by the scripts themselves, run on a real server. */
final class InitSql {

    static final String INITDB = "deploy/mysql/initdb";

    private InitSql() {
    }

    /** The SQL a shell init script sends to its mysql client, for which a stand-in in {@code bin} prints it. */
    static String ofScript(Path bin, String script, Map<String, String> environment) throws IOException {
        Path mysql = bin.resolve("mysql");
        Files.writeString(mysql, "#!/bin/sh\ncat\n");
        Files.setPosixFilePermissions(mysql, PosixFilePermissions.fromString("rwxr-xr-x"));
        Shell.Result result = Shell.run(bin, environment, Shell.bash(INITDB + "/" + script));
        assertThat(result.exitCode()).as(script + ": " + result.output()).isZero();
        return result.output();
    }

    /** Runs a script's statements in order on one connection, as the mysql client would. */
    static void runOn(EmbeddedMariaDb database, String sql) {
        database.execute(Arrays.stream(withoutComments(sql).split(";\\s*(\\n|$)"))
                .map(String::strip).filter(statement -> !statement.isEmpty()).toList());
    }

    static String withoutComments(String sql) {
        return sql.lines().filter(line -> !line.stripLeading().startsWith("--")).reduce("", (a, b) -> a + b + "\n");
    }

    /** A different value for every variable the mysql container gets, so each can be told apart. */
    static Map<String, String> distinctSecrets(Compose compose) {
        Map<String, String> environment = new HashMap<>();
        compose.environment("mysql").keySet().forEach(name -> environment.put(name, "secret-of-" + name.toLowerCase()));
        return environment;
    }
}
