package dev.eventual.order.core.shard;

import com.zaxxer.hikari.HikariDataSource;
import com.zaxxer.hikari.metrics.micrometer.MicrometerMetricsTrackerFactory;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.jdbc.autoconfigure.DataSourceProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Primary;
import org.springframework.core.env.Environment;
import org.springframework.jdbc.support.JdbcTransactionManager;

import javax.sql.DataSource;
import java.util.ArrayList;
import java.util.List;

/**
 * order_db's servers: two Hikari pools each, configured as {@code spring.datasource} says but for the
 * URL, one in autocommit mode behind the routing {@link DataSource} that the store's mappers use unchanged,
 * one in manual-commit mode behind the transaction manager's. The routing sources are not Hikari beans, so
 * Boot's pool metrics would miss the pools: each gets Hikari's Micrometer tracker itself (pool names
 * {@code order-db} and {@code order-db-tx}, or {@code order-db-<i>} and {@code order-db-tx-<i>}).
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(OrderDbProperties.class)
class OrderDbConfiguration {

    @Bean
    OrderShards orderShards(OrderDbProperties properties) {
        return new OrderShards(Math.max(1, properties.shardUrls().size()));
    }

    @Bean
    OrderDbServers orderDbServers(DataSourceProperties dataSource, OrderDbProperties properties, Environment environment,
                                  ObjectProvider<MeterRegistry> meters) {
        List<String> urls = properties.shardUrls().isEmpty() ? List.of(dataSource.determineUrl()) : properties.shardUrls();
        List<HikariDataSource> pools = new ArrayList<>();
        List<HikariDataSource> transactionPools = new ArrayList<>();
        for (int i = 0; i < urls.size(); i++) {
            String suffix = urls.size() == 1 ? "" : "-" + i;
            pools.add(pool(dataSource, environment, meters, urls.get(i), "order-db" + suffix, true));
            transactionPools.add(pool(dataSource, environment, meters, urls.get(i), "order-db-tx" + suffix, false));
        }
        return new OrderDbServers(pools, transactionPools);
    }

    private static HikariDataSource pool(DataSourceProperties dataSource, Environment environment, ObjectProvider<MeterRegistry> meters,
                                         String url, String name, boolean autoCommit) {
        HikariDataSource pool = dataSource.initializeDataSourceBuilder().type(HikariDataSource.class).url(url).build();
        Binder.get(environment).bind("spring.datasource.hikari", Bindable.ofInstance(pool));
        // after the binding: spring.datasource.hikari.auto-commit cannot make the two pools alike
        pool.setAutoCommit(autoCommit);
        pool.setPoolName(name);
        meters.ifAvailable(registry -> pool.setMetricsTrackerFactory(new MicrometerMetricsTrackerFactory(registry)));
        return pool;
    }

    /** order-core runs order_db's migrations, on every server; only order-service turns Flyway on. */
    @Bean
    EveryServerMigration everyServerMigration(OrderDbServers servers) {
        return new EveryServerMigration(servers);
    }

    @Bean
    ServerHealth orderDbHealth(OrderDbServers servers, OrderDbProperties properties) {
        return new ServerHealth(servers.count(), properties.downFor(), System::nanoTime);
    }

    @Bean(destroyMethod = "")
    @Primary
    DataSource dataSource(OrderShards shards, OrderDbServers servers, ServerHealth health) {
        return new ShardRoutingDataSource(shards, servers.pools(), health);
    }

    /**
     * Transactions take their connections from pools in manual-commit mode, so that none pays a
     * {@code SET autocommit} before and after (issue 41, docs/testing.md "Statements per order"); statements
     * outside a transaction stay on the autocommit pools and pay no COMMIT. The mappers join the transaction
     * because its connection is bound under the routing data source they use ({@link TransactionConnections}).
     */
    @Bean
    JdbcTransactionManager transactionManager(OrderShards shards, OrderDbServers servers, ServerHealth health, DataSource dataSource) {
        return new JdbcTransactionManager(new TransactionConnections(
                new ShardRoutingDataSource(shards, servers.transactionPools(), health), dataSource));
    }
}
