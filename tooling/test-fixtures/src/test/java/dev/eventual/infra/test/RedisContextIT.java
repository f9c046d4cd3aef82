package dev.eventual.infra.test;

import dev.eventual.infra.redis.RedisServer;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.core.env.Environment;
import org.springframework.dao.DataAccessException;
import org.springframework.data.redis.connection.RedisConnectionCommands;
import org.springframework.data.redis.core.RedisCallback;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.test.context.ContextConfiguration;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

/**
 * A context that asks for Redis gets Spring Boot's {@code spring.data.redis.*} pointing at the shared
 * test Redis, with its password and bounded timeouts; a test can take that Redis away and bring it
 * back empty, and the context's client reconnects to it by itself.
 */
@SpringBootTest(classes = RedisContextIT.RedisOnly.class, properties = {
        InfrastructureInitializer.REDIS_PROPERTY + "=true", InfrastructureInitializer.BROKER_PROPERTY + "=false"})
@ContextConfiguration(initializers = InfrastructureInitializer.class)
class RedisContextIT {

    @Autowired
    private StringRedisTemplate redis;

    @Autowired
    private Environment environment;

    @Test
    void theContextTalksToTheTestRedisWithItsPassword() {
        RedisServer server = TestInfrastructure.shared().redis();
        assertThat(environment.getProperty("spring.data.redis.port", Integer.class)).isEqualTo(server.port());
        assertThat(environment.getProperty("spring.data.redis.password")).isEqualTo(server.password());
        assertThat(environment.getProperty("spring.data.redis.timeout")).isEqualTo("2s");

        redis.opsForValue().set("fixtures:context", "reached");

        assertThat(redis.opsForValue().get("fixtures:context")).isEqualTo("reached");
        assertThat(redis.execute((RedisCallback<String>) RedisConnectionCommands::ping))
                .isEqualTo("PONG");
    }

    @Test
    void aTestCanKillRedisAndBringItBackEmptyUnderARunningContext() {
        RedisServer server = TestInfrastructure.shared().redis();
        redis.opsForValue().set("fixtures:before-crash", "kept?");

        server.kill();
        long failedAt = System.nanoTime();
        assertThatThrownBy(() -> redis.opsForValue().get("fixtures:before-crash")).isInstanceOf(DataAccessException.class);
        // bounded by spring.data.redis.timeout: a Redis that is gone is an error within seconds, never a hang
        assertThat(Duration.ofNanos(System.nanoTime() - failedAt)).isLessThan(Duration.ofSeconds(10));

        server.startEmpty();

        await().atMost(Duration.ofSeconds(30)).ignoreExceptions()
                .untilAsserted(() -> assertThat(redis.hasKey("fixtures:before-crash")).isFalse());
        redis.opsForValue().set("fixtures:after-restart", "written");
        assertThat(redis.opsForValue().get("fixtures:after-restart")).isEqualTo("written");
    }

    /** Spring Boot's Redis client set-up and nothing else. */
    @SpringBootConfiguration
    @ImportAutoConfiguration(DataRedisAutoConfiguration.class)
    static class RedisOnly {
    }
}
