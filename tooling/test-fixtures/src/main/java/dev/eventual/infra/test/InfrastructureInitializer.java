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
 * timeouts bounded so that a test which stops Redis sees failures within seconds, not hangs. A service
 * with a client of its own gets that client's test secret, so its Feign calls carry real client tokens.
 */
public class InfrastructureInitializer implements ApplicationContextInitializer<ConfigurableApplicationContext> {

    public static final String DATABASE_PROPERTY = "eventual.test.database";
    public static final String BROKER_PROPERTY = "eventual.test.broker";
    public static final String REDIS_PROPERTY = "eventual.test.redis";
    /** How long a Redis command or connection attempt of a test context may take. */
    public static final String REDIS_TIMEOUT = "2s";
    private static final String CLIENT = "spring.security.oauth2.client.registration.eventual-service.";

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
        // a service that calls its peers does it as its own client (its yml names it), with that client's test secret
        String clientId = environment.getProperty(CLIENT + "client-id");
        if (clientId != null) {
            TestAuthServer.Client.withId(clientId).ifPresent(client -> properties.put(CLIENT + "client-secret", client.secret()));
        }
        properties.put("spring.security.oauth2.resourceserver.jwt.issuer-uri", infrastructure.authServer().issuer());
        // the management server (health, metrics) on a free port of its own, as the API's: never the fixed default
        // another test context or a running suite holds (local.management.port says which)
        properties.put("management.server.port", 0);
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
