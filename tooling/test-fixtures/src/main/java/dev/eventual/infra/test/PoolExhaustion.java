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

    /**
     * Borrows every connection of the pools behind {@code dataSources} (a routing source unwraps to its one pool;
     * order-core's transactions take theirs from a pool of their own, the transaction manager's data source).
     */
    public static PoolExhaustion of(DataSource... dataSources) throws SQLException {
        List<Connection> taken = new ArrayList<>();
        for (DataSource dataSource : dataSources) {
            HikariDataSource pool = dataSource.unwrap(HikariDataSource.class);
            for (int i = 0; i < pool.getMaximumPoolSize(); i++) {
                taken.add(pool.getConnection());
            }
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
