package dev.eventual.web;

import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;

class WebSupportAutoConfigurationTest {

    private final WebApplicationContextRunner runner = new WebApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(WebSupportAutoConfiguration.class));

    @Test
    void refusesToStartWithoutAServiceToken() {
        runner.run(context -> assertThat(context).hasFailed()
                .getFailure().rootCause().hasMessageContaining("serviceToken"));
    }

    @Test
    void refusesAShortServiceToken() {
        runner.withPropertyValues("eventual.security.service-token=short").run(context ->
                assertThat(context).hasFailed());
    }

    @Test
    void startsWithALongEnoughToken() {
        runner.withPropertyValues("eventual.security.service-token=0123456789abcdef").run(context -> {
            assertThat(context).hasNotFailed();
            assertThat(context).hasSingleBean(ProblemDetailsAdvice.class);
            assertThat(context).hasSingleBean(ProblemErrorController.class);
            assertThat(context.getBean(RequestLimitProperties.class).maxRequestBody().toKilobytes()).isEqualTo(16);
            assertThat(context.getBean(RequestLimitProperties.class).maxInternalRequestBody().toKilobytes()).isEqualTo(512);
        });
    }
}
