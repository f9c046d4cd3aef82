package dev.eventual.infra.test;

import dev.eventual.infra.db.DatabaseServer;
import dev.eventual.infra.db.ServiceDatabase;
import dev.eventual.infra.redis.RedisServer;
import org.springframework.context.ApplicationContextInitializer;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;

import java.util.HashMap;
import java.util.Map;

/**
 * Points a Spring Boot test context at the shared test infrastructure. The test names its service's
 * database with {@value #DATABASE_PROPERTY} (ORDER, INVENTORY, NOTICE; without it the context gets
 * none), may turn the broker off with {@value #BROKER_PROPERTY}=false, and asks for Redis with
 * {@value #REDIS_PROPERTY}=true: Spring Boot's {@code spring.data.redis.*} then name it, with
 * timeouts bounded so that a test which stops Redis sees failures within seconds, not hangs.
 */
public class InfrastructureInitializer implements ApplicationContextInitializer<ConfigurableApplicationContext> {

    public static final String DATABASE_PROPERTY = "eventual.test.database";
    public static final String BROKER_PROPERTY = "eventual.test.broker";
    public static final String REDIS_PROPERTY = "eventual.test.redis";
    /** How long a Redis command or connection attempt of a test context may take. */
    public static final String REDIS_TIMEOUT = "2s";
    /** The service token test contexts run with (services have no default, by design). */
    public static final String TEST_SERVICE_TOKEN = "test-service-token-not-for-production";

    @Override
    public void initialize(ConfigurableApplicationContext context) {
        ConfigurableEnvironment environment = context.getEnvironment();
        TestInfrastructure infrastructure = TestInfrastructure.shared();
        Map<String, Object> properties = new HashMap<>();
        String databaseName = environment.getProperty(DATABASE_PROPERTY);
        if (databaseName != null) {
            ServiceDatabase serviceDatabase = ServiceDatabase.valueOf(databaseName);
            DatabaseServer database = infrastructure.migrated(serviceDatabase);
            properties.put("spring.datasource.url", database.jdbcUrl(serviceDatabase.databaseName()));
            properties.put("spring.datasource.username", database.username());
            properties.put("spring.datasource.password", database.password());
        }
        properties.put("eventual.security.service-token", TEST_SERVICE_TOKEN);
        properties.put("spring.security.oauth2.resourceserver.jwt.issuer-uri", infrastructure.authServer().issuer());
        if (environment.getProperty(BROKER_PROPERTY, Boolean.class, true)) {
            properties.put("rocketmq.name-server", infrastructure.rocketMq().nameServerAddress());
        }
        if (environment.getProperty(REDIS_PROPERTY, Boolean.class, false)) {
            RedisServer redis = infrastructure.redis();
            properties.put("spring.data.redis.host", redis.host());
            properties.put("spring.data.redis.port", redis.port());
            properties.put("spring.data.redis.password", redis.password());
            properties.put("spring.data.redis.timeout", REDIS_TIMEOUT);
            properties.put("spring.data.redis.connect-timeout", REDIS_TIMEOUT);
        }
        environment.getPropertySources().addFirst(new MapPropertySource("eventual-test-infrastructure", properties));
    }
}
