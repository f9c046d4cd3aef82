package dev.eventual.launcher.process;

import dev.eventual.infra.db.DatabaseServer;
import dev.eventual.infra.db.ServiceDatabase;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * One admin connection per server of a database of the suite: order_db's servers in shard order, the
 * other databases' one. For the tests and the bench that read every server ({@link ProcessSuite#connect}).
 */
public record ServerConnections(List<Connection> all) implements AutoCloseable {

    static ServerConnections open(ServiceDatabase database, List<? extends DatabaseServer> servers) throws SQLException {
        List<Connection> connections = new ArrayList<>();
        try {
            for (DatabaseServer server : servers) {
                connections.add(DriverManager.getConnection(server.jdbcUrl(database.databaseName()), server.username(),
                        server.password()));
            }
        } catch (SQLException e) {
            try {
                new ServerConnections(connections).close();
            } catch (SQLException closing) {
                e.addSuppressed(closing);
            }
            throw e;
        }
        return new ServerConnections(List.copyOf(connections));
    }

    /** The first server's: the only one of a database that is not split. */
    public Connection one() {
        return all.get(0);
    }

    /** Closes every connection, reporting the first failure. */
    @Override
    public void close() throws SQLException {
        SQLException first = null;
        for (Connection connection : all) {
            try {
                connection.close();
            } catch (SQLException e) {
                first = first == null ? e : first;
            }
        }
        if (first != null) {
            throw first;
        }
    }
}
