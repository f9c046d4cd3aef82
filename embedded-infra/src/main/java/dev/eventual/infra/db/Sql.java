package dev.eventual.infra.db;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;

/** Plain JDBC for the few administration statements the infrastructure runs itself. */
final class Sql {

    private Sql() {
    }

    static void execute(String url, String user, String password, String statement) {
        try (Connection connection = DriverManager.getConnection(url, user, password);
             Statement jdbc = connection.createStatement()) {
            jdbc.execute(statement);
        } catch (SQLException e) {
            throw new IllegalStateException("failed: " + statement, e);
        }
    }

    static String createDatabase(String database) {
        if (!database.matches("[a-z][a-z0-9_]{0,63}")) {
            throw new IllegalArgumentException("not a plain database name: " + database);
        }
        return "CREATE DATABASE IF NOT EXISTS `" + database + "` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci";
    }
}
