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

import javax.sql.DataSource;
import java.util.ArrayList;
import java.util.List;

/**
 * order_db's servers: one Hikari pool each, configured as {@code spring.datasource} says but for the
 * URL, behind a routing {@link DataSource} that the store's mappers and transactions use unchanged.
 * The routing source is not a Hikari bean, so Boot's pool metrics would miss the pools: each gets
 * Hikari's Micrometer tracker itself (pool names {@code order-db} or {@code order-db-<i>}).
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
        for (int i = 0; i < urls.size(); i++) {
            HikariDataSource pool = dataSource.initializeDataSourceBuilder().type(HikariDataSource.class).url(urls.get(i)).build();
            Binder.get(environment).bind("spring.datasource.hikari", Bindable.ofInstance(pool));
            pool.setPoolName(urls.size() == 1 ? "order-db" : "order-db-" + i);
            meters.ifAvailable(registry -> pool.setMetricsTrackerFactory(new MicrometerMetricsTrackerFactory(registry)));
            pools.add(pool);
        }
        return new OrderDbServers(pools);
    }

    /** order-core runs order_db's migrations, on every server; only order-service turns Flyway on. */
    @Bean
    EveryServerMigration everyServerMigration(OrderDbServers servers) {
        return new EveryServerMigration(servers);
    }

    @Bean(destroyMethod = "")
    @Primary
    DataSource dataSource(OrderShards shards, OrderDbServers servers, OrderDbProperties properties) {
        return new ShardRoutingDataSource(shards, servers.pools(), new ServerHealth(servers.count(), properties.downFor(), System::nanoTime));
    }
}
