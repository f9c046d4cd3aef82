package dev.eventual.reconcile.executor;

import com.xxl.job.core.executor.impl.XxlJobSpringExecutor;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.boot.autoconfigure.condition.ConditionalOnExpression;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import org.springframework.core.env.Profiles;

/**
 * Starts the XXL-Job executor (its own embedded HTTP server, {@code xxl.job.executor.port}) when an
 * admin address is configured; refuses to start with a weak access token outside the dev profile.
 * The executor runs BEAN handlers ({@code @XxlJob} methods) only and refuses every GLUE trigger,
 * whatever token it carries ({@link BeanOnlyXxlJobExecutor}).
 */
@Configuration
@EnableConfigurationProperties(XxlJobProperties.class)
@ConditionalOnExpression("'${xxl.job.admin.addresses:}' != ''")
public class XxlJobExecutorConfiguration {

    @Bean
    XxlJobSpringExecutor xxlJobExecutor(XxlJobProperties properties, Environment environment, MeterRegistry meters) {
        String problem = AccessTokenPolicy.problemWith(properties.accessToken());
        if (problem != null && !environment.acceptsProfiles(Profiles.of("dev"))) {
            throw new IllegalStateException(problem + ": set a strong token (or activate the dev profile locally)");
        }
        return new BeanOnlyXxlJobExecutor(properties, meters);
    }
}
