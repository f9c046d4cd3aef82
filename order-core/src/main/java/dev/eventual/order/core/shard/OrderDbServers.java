package dev.eventual.order.core.shard;

import com.zaxxer.hikari.HikariDataSource;

import javax.sql.DataSource;
import java.util.List;

/**
 * The pools of order_db's servers, one each, for work that must visit every server by itself: schema
 * migration, scans, the checker. Everything else goes through the routing data source.
 */
public final class OrderDbServers implements AutoCloseable {

    private final List<HikariDataSource> pools;

    OrderDbServers(List<HikariDataSource> pools) {
        this.pools = List.copyOf(pools);
    }

    public int count() {
        return pools.size();
    }

    public DataSource server(int index) {
        return pools.get(index);
    }

    /** For logs and the banner: where server {@code index} is. */
    public String url(int index) {
        return pools.get(index).getJdbcUrl();
    }

    List<HikariDataSource> pools() {
        return pools;
    }

    /** The routing data source owns no pool; the context closes them here. */
    @Override
    public void close() {
        pools.forEach(HikariDataSource::close);
    }
}
