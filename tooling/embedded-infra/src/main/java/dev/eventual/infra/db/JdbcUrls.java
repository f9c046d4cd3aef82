package dev.eventual.infra.db;

/** The one Connector/J URL shape used against both MariaDB 11.4 and MySQL 8.4. */
public final class JdbcUrls {

    private JdbcUrls() {
    }

    public static String mysql(String host, int port, String database) {
        return "jdbc:mysql://" + host + ":" + port + "/" + database
                + "?sslMode=DISABLED"
                + "&rewriteBatchedStatements=true"
                + "&characterEncoding=UTF-8"
                + "&connectionCollation=utf8mb4_unicode_ci"
                + "&connectionTimeZone=UTC&forceConnectionTimeZoneToSession=true"
                + "&useLocalSessionState=true";
    }

    /** The server-level URL (no database), for administration statements. */
    public static String server(String host, int port) {
        return mysql(host, port, "");
    }
}
