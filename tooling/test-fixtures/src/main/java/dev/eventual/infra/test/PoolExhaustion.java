package dev.eventual.infra.test;

import com.zaxxer.hikari.HikariDataSource;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/** A service's connection pool borrowed whole, so its next checkout times out: "no database connection" without stopping the database. */
public final class PoolExhaustion implements AutoCloseable {

    private final List<Connection> taken;

    private PoolExhaustion(List<Connection> taken) {
        this.taken = taken;
    }

    /** Borrows every connection of the pool behind {@code dataSource} (a routing source unwraps to its one pool). */
    public static PoolExhaustion of(DataSource dataSource) throws SQLException {
        HikariDataSource pool = dataSource.unwrap(HikariDataSource.class);
        List<Connection> taken = new ArrayList<>();
        for (int i = 0; i < pool.getMaximumPoolSize(); i++) {
            taken.add(pool.getConnection());
        }
        return new PoolExhaustion(taken);
    }

    @Override
    public void close() throws SQLException {
        for (Connection connection : taken) {
            connection.close();
        }
    }
}
