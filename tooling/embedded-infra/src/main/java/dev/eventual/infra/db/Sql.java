package dev.eventual.infra.db;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

/** Plain JDBC for the few administration statements the infrastructure runs itself. */
final class Sql {

    private Sql() {
    }

    static void execute(String url, String user, String password, String statement) {
        execute(url, user, password, List.of(statement));
    }

    /** On one connection, in order. */
    static void execute(String url, String user, String password, List<String> statements) {
        try (Connection connection = DriverManager.getConnection(url, user, password);
             Statement jdbc = connection.createStatement()) {
            for (String statement : statements) {
                try {
                    jdbc.execute(statement);
                } catch (SQLException e) {
                    throw new IllegalStateException("failed: " + statement, e);
                }
            }
        } catch (SQLException e) {
            throw new IllegalStateException("cannot connect to " + url + " as " + user, e);
        }
    }

    static String createDatabase(String database) {
        if (!database.matches("[a-z][a-z0-9_]{0,63}")) {
            throw new IllegalArgumentException("not a plain database name: " + database);
        }
        return "CREATE DATABASE IF NOT EXISTS `" + database + "` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci";
    }
}
