package dev.eventual.auth;

import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;

/**
 * The suite's authorization server (docs/security.md): OAuth 2.1 and OpenID Connect by Spring
 * Authorization Server, signing the JWT access tokens every service checks. A deployment may use its
 * own identity provider instead; nothing in the services depends on this one.
 */
@SpringBootApplication
@ConfigurationPropertiesScan
public class AuthServerApplication {

    /** Its configuration is {@value #CONFIG_NAME}.yml, so all services can share one classpath (tests, launcher). */
    public static final String CONFIG_NAME = "auth-server";

    public static void main(String[] args) {
        application().run(args);
    }

    public static SpringApplicationBuilder application() {
        return new SpringApplicationBuilder(AuthServerApplication.class).properties("spring.config.name=" + CONFIG_NAME);
    }
}
