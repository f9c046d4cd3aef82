package dev.eventual.web;

import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.mock.env.MockEnvironment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class WebSupportAutoConfigurationTest {

    private final WebApplicationContextRunner runner = new WebApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(WebSupportAutoConfiguration.class));

    @Test
    void startsWithNoSharedSecret() {
        runner.run(context -> {
            assertThat(context).hasNotFailed();
            assertThat(context).hasSingleBean(ProblemDetailsAdvice.class);
            assertThat(context).hasSingleBean(ProblemErrorController.class);
            assertThat(context.getBean(RequestLimitProperties.class).maxRequestBody().toKilobytes()).isEqualTo(16);
            assertThat(context.getBean(RequestLimitProperties.class).maxInternalRequestBody().toKilobytes()).isEqualTo(512);
        });
    }

    @Test
    void aServiceThatCallsItsPeersRefusesToStartWithoutItsClientSecret() {
        MockEnvironment environment = new MockEnvironment()
                .withProperty("spring.cloud.openfeign.oauth2.client-registration-id", "eventual-service");
        assertThatThrownBy(() -> new PeerCallCredential(environment)).hasMessageContaining("EVENTUAL_CLIENT_SECRET");
        environment.setProperty("spring.security.oauth2.client.registration.eventual-service.client-secret", "short");
        assertThatThrownBy(() -> new PeerCallCredential(environment)).hasMessageContaining("under 16 characters");
        environment.setProperty("spring.security.oauth2.client.registration.eventual-service.client-secret", "0123456789abcdef");
        new PeerCallCredential(environment);
    }
}
