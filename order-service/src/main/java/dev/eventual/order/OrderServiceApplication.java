package dev.eventual.order;

import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.builder.SpringApplicationBuilder;

/** REST order API; publishes order events with RocketMQ transactional messages. */
@SpringBootApplication
public class OrderServiceApplication {

    /** Its configuration is {@value #CONFIG_NAME}.yml, so all services can share one classpath (tests, launcher). */
    public static final String CONFIG_NAME = "order-service";

    public static void main(String[] args) {
        application().run(args);
    }

    public static SpringApplicationBuilder application() {
        return new SpringApplicationBuilder(OrderServiceApplication.class).properties("spring.config.name=" + CONFIG_NAME);
    }
}
