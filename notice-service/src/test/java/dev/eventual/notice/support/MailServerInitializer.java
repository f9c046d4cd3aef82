package dev.eventual.notice.support;

import org.springframework.context.ApplicationContextInitializer;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.env.MapPropertySource;

import java.util.Map;

/** Starts the shared GreenMail SMTP server and points {@code spring.mail.*} at it. */
public class MailServerInitializer implements ApplicationContextInitializer<ConfigurableApplicationContext> {

    @Override
    public void initialize(ConfigurableApplicationContext context) {
        int port = TestMailServer.start();
        context.getEnvironment().getPropertySources().addFirst(new MapPropertySource("notice-test-mail",
                Map.of("spring.mail.host", TestMailServer.HOST, "spring.mail.port", Integer.toString(port))));
    }
}
