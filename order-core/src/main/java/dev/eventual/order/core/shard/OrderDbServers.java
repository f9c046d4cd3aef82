package dev.eventual.order.core.shard;

import com.zaxxer.hikari.HikariDataSource;

import javax.sql.DataSource;
import java.util.List;

/**
 * The pools of order_db's servers: one each in autocommit mode, for work that must visit every server by
 * itself (schema migration, scans, the checker) and behind the routing data source, and one each in
 * manual-commit mode that only the transaction manager takes from (OrderDbConfiguration).
 */
public final class OrderDbServers implements AutoCloseable {

    private final List<HikariDataSource> pools;
    private final List<HikariDataSource> transactionPools;

    OrderDbServers(List<HikariDataSource> pools, List<HikariDataSource> transactionPools) {
        this.pools = List.copyOf(pools);
        this.transactionPools = List.copyOf(transactionPools);
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

    /** The same servers' pools in manual-commit mode, which only transactions take from. */
    List<HikariDataSource> transactionPools() {
        return transactionPools;
    }

    /** The routing data source owns no pool; the context closes them here. */
    @Override
    public void close() {
        pools.forEach(HikariDataSource::close);
        transactionPools.forEach(HikariDataSource::close);
    }
}
