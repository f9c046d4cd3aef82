package dev.eventual.launcher.invariants;

import dev.eventual.gate.StockGate;
import dev.eventual.infra.redis.RedisServer;
import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.data.redis.core.StringRedisTemplate;

import java.time.Clock;

/** A connection to the suite's Redis from outside the services, to read (or, in tests, disturb) the stock gate. */
public final class GateConnection implements AutoCloseable {

    private final LettuceConnectionFactory connections;
    private final StringRedisTemplate redis;

    private GateConnection(LettuceConnectionFactory connections) {
        this.connections = connections;
        this.redis = new StringRedisTemplate(connections);
    }

    public static GateConnection open(RedisServer server) {
        RedisStandaloneConfiguration address = new RedisStandaloneConfiguration(server.host(), server.port());
        address.setPassword(server.password());
        LettuceConnectionFactory connections = new LettuceConnectionFactory(address);
        connections.afterPropertiesSet();
        connections.start();
        return new GateConnection(connections);
    }

    /** The gate as the services see it, its clock the given one (a reservation's time comes from it). */
    public StockGate gate(Clock clock) {
        return new StockGate(redis, clock);
    }

    public StockGate gate() {
        return gate(Clock.systemUTC());
    }

    public StringRedisTemplate redis() {
        return redis;
    }

    @Override
    public void close() {
        connections.destroy();
    }
}
