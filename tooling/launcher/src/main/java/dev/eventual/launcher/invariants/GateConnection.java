package dev.eventual.launcher.invariants;

import dev.eventual.gate.GateProperties;
import dev.eventual.gate.StockGate;
import dev.eventual.infra.redis.RedisServer;
import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceClientConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.data.redis.core.StringRedisTemplate;

import java.time.Clock;
import java.time.Duration;

/** A connection to the suite's Redis from outside the services, to read (or, in tests, disturb) the stock gate. */
public final class GateConnection implements AutoCloseable {

    private static final Duration TIMEOUT = Duration.ofSeconds(10);

    private final LettuceConnectionFactory connections;
    private final StringRedisTemplate redis;

    private GateConnection(LettuceConnectionFactory connections) {
        this.connections = connections;
        this.redis = new StringRedisTemplate(connections);
    }

    public static GateConnection open(RedisServer server) {
        return open(server.host(), server.port(), server.password());
    }

    /** @param password null for a Redis without one */
    public static GateConnection open(String host, int port, String password) {
        RedisStandaloneConfiguration address = new RedisStandaloneConfiguration(host, port);
        address.setPassword(password);
        // an unreachable Redis is an answer within seconds, never a check that hangs
        LettuceConnectionFactory connections = new LettuceConnectionFactory(address,
                LettuceClientConfiguration.builder().commandTimeout(TIMEOUT).build());
        connections.afterPropertiesSet();
        connections.start();
        return new GateConnection(connections);
    }

    /** The gate as the services see it, its clock the given one (a reservation's time comes from it). */
    public StockGate gate(Clock clock) {
        return new StockGate(redis, clock, GateProperties.Admissions.DEFAULTS);
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
