package dev.eventual.reconcile;

import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.builder.SpringApplicationBuilder;

/** XXL-Job executor that reconciles order_db against the downstream services. */
@SpringBootApplication
public class ReconcileJobApplication {

    /** Its configuration is {@value #CONFIG_NAME}.yml, so all services can share one classpath (tests, launcher). */
    public static final String CONFIG_NAME = "reconcile-job";

    public static void main(String[] args) {
        application().run(args);
    }

    public static SpringApplicationBuilder application() {
        return new SpringApplicationBuilder(ReconcileJobApplication.class).properties("spring.config.name=" + CONFIG_NAME);
    }
}
