package dev.eventual.order.core.shard;

import org.springframework.boot.context.properties.ConfigurationProperties;

import java.time.Duration;
import java.util.List;

/**
 * {@code eventual.order-db}: the database servers order_db is split across.
 *
 * @param shardUrls one JDBC URL per server, in the order of their logical-shard ranges (a power of two
 *                  of them); empty (the default): order_db is the one server of {@code spring.datasource.url}.
 *                  Every server takes {@code spring.datasource.username/password} and {@code .hikari.*}.
 * @param downFor   after a server refused a connection, how long its requests fail at once (503) before
 *                  one tries it again; meanwhile the other servers' requests keep their threads
 */
@ConfigurationProperties("eventual.order-db")
record OrderDbProperties(List<String> shardUrls, Duration downFor) {

    public OrderDbProperties {
        shardUrls = shardUrls == null ? List.of() : List.copyOf(shardUrls);
        downFor = downFor == null ? Duration.ofSeconds(1) : downFor;
    }
}
