package dev.eventual.reconcile.executor;

import com.xxl.job.core.executor.impl.XxlJobSpringExecutor;
import org.springframework.boot.autoconfigure.condition.ConditionalOnExpression;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import org.springframework.core.env.Profiles;

/**
 * Starts the XXL-Job executor (its own embedded HTTP server, {@code xxl.job.executor.port}) when an
 * admin address is configured; refuses to start with a weak access token outside the dev profile.
 * Only BEAN handlers exist in this code base ({@code @XxlJob} methods).
 */
@Configuration
@EnableConfigurationProperties(XxlJobProperties.class)
@ConditionalOnExpression("'${xxl.job.admin.addresses:}' != ''")
public class XxlJobExecutorConfiguration {

    @Bean
    XxlJobSpringExecutor xxlJobExecutor(XxlJobProperties properties, Environment environment) {
        String problem = AccessTokenPolicy.problemWith(properties.accessToken());
        if (problem != null && !environment.acceptsProfiles(Profiles.of("dev"))) {
            throw new IllegalStateException(problem + ": set a strong token (or activate the dev profile locally)");
        }
        XxlJobSpringExecutor executor = new XxlJobSpringExecutor();
        executor.setAdminAddresses(properties.admin().addresses());
        executor.setAccessToken(properties.accessToken());
        executor.setAppname(properties.executor().appname());
        executor.setAddress(properties.executor().address());
        executor.setIp(properties.executor().ip());
        executor.setPort(properties.executor().port());
        executor.setLogPath(properties.executor().logPath());
        executor.setLogRetentionDays(properties.executor().logRetentionDays());
        return executor;
    }
}
