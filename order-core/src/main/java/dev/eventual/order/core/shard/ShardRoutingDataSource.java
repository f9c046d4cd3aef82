package dev.eventual.order.core.shard;

import org.springframework.jdbc.datasource.lookup.AbstractRoutingDataSource;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * order_db as one {@link DataSource} over one pool per server, chosen by the thread's
 * {@link OrderShards} scope when a connection is taken; a server that just refused connections fails
 * at once ({@link ServerHealth}).
 */
final class ShardRoutingDataSource extends AbstractRoutingDataSource {

    private final OrderShards shards;
    private final ServerHealth health;

    ShardRoutingDataSource(OrderShards shards, List<? extends DataSource> pools, ServerHealth health) {
        this.shards = shards;
        this.health = health;
        Map<Object, Object> targets = new HashMap<>();
        for (int i = 0; i < pools.size(); i++) {
            targets.put(i, pools.get(i));
        }
        setTargetDataSources(targets);
        setLenientFallback(false);
        afterPropertiesSet();
    }

    @Override
    protected Object determineCurrentLookupKey() {
        return shards.current();
    }

    @Override
    public Connection getConnection() throws SQLException {
        int server = shards.current();
        health.check(server, "order_db server " + server);
        try {
            Connection connection = super.getConnection();
            health.succeeded(server);
            return connection;
        } catch (SQLTransientConnectionException e) {
            // Hikari's timeout carries the last connection failure as its cause when the server refused
            // new connections; a pool that was merely busy (no cause) is not a server that is down
            if (e.getCause() != null) {
                health.failed(server);
            }
            throw e;
        }
    }

    @Override
    public Connection getConnection(String username, String password) throws SQLException {
        throw new SQLException("order_db connections take the configured account only");
    }
}
