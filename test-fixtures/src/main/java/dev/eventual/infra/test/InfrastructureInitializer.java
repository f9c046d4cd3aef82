package dev.eventual.infra.test;

import dev.eventual.infra.db.DatabaseServer;
import dev.eventual.infra.db.ServiceDatabase;
import org.springframework.context.ApplicationContextInitializer;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;

import java.util.HashMap;
import java.util.Map;

/**
 * Points a Spring Boot test context at the shared test infrastructure. The test names its service's
 * database with {@value #DATABASE_PROPERTY} (ORDER, INVENTORY, NOTICE) and may turn the broker off
 * with {@value #BROKER_PROPERTY}=false.
 */
public class InfrastructureInitializer implements ApplicationContextInitializer<ConfigurableApplicationContext> {

    public static final String DATABASE_PROPERTY = "eventual.test.database";
    public static final String BROKER_PROPERTY = "eventual.test.broker";
    /** The service token test contexts run with (services have no default, by design). */
    public static final String TEST_SERVICE_TOKEN = "test-service-token-not-for-production";

    @Override
    public void initialize(ConfigurableApplicationContext context) {
        ConfigurableEnvironment environment = context.getEnvironment();
        ServiceDatabase serviceDatabase = ServiceDatabase.valueOf(environment.getRequiredProperty(DATABASE_PROPERTY));
        TestInfrastructure infrastructure = TestInfrastructure.shared();
        DatabaseServer database = infrastructure.migrated(serviceDatabase);

        Map<String, Object> properties = new HashMap<>();
        properties.put("spring.datasource.url", database.jdbcUrl(serviceDatabase.databaseName()));
        properties.put("spring.datasource.username", database.username());
        properties.put("spring.datasource.password", database.password());
        properties.put("eventual.security.service-token", TEST_SERVICE_TOKEN);
        if (environment.getProperty(BROKER_PROPERTY, Boolean.class, true)) {
            properties.put("rocketmq.name-server", infrastructure.rocketMq().nameServerAddress());
        }
        environment.getPropertySources().addFirst(new MapPropertySource("eventual-test-infrastructure", properties));
    }
}
