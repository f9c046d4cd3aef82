package dev.eventual.infra.db;

/** A running MySQL-compatible server that tests and the launcher connect to with Connector/J. */
public interface DatabaseServer extends AutoCloseable {

    /** A Connector/J URL for one database, with utf8mb4, its collation and UTC pinned. */
    String jdbcUrl(String database);

    String username();

    String password();

    /** Creates the database if it does not exist yet (utf8mb4, utf8mb4_unicode_ci). */
    void createDatabase(String database);

    /** What kind of server this is and where, for logs. */
    String description();

    @Override
    void close();
}
