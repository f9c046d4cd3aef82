package dev.eventual.reconcile.executor;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;

class XxlJobExecutorConfigurationTest {

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withUserConfiguration(XxlJobExecutorConfiguration.class)
            .withBean(MeterRegistry.class, SimpleMeterRegistry::new)
            .withPropertyValues("xxl.job.admin.addresses=http://127.0.0.1:1/xxl-job-admin");

    @ParameterizedTest
    @ValueSource(strings = {"", "default_token", "XXL-JOB", "short-token"})
    void weakTokensStopTheStart(String token) {
        runner.withPropertyValues("xxl.job.access-token=" + token)
                .run(context -> assertThat(context).hasFailed().getFailure().rootCause()
                        .hasMessageContaining("xxl.job.access-token"));
    }

    @Test
    void theDevProfileMayRunWithoutAToken() {
        runner.withPropertyValues("spring.profiles.active=dev", "xxl.job.executor.port=0")
                .run(context -> assertThat(context).hasNotFailed());
    }

    @Test
    void noAdminAddressMeansNoExecutor() {
        new ApplicationContextRunner().withUserConfiguration(XxlJobExecutorConfiguration.class)
                .run(context -> assertThat(context).doesNotHaveBean("xxlJobExecutor"));
    }
}
