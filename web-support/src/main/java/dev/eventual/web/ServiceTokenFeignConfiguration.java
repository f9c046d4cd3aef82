package dev.eventual.web;

import dev.eventual.common.messaging.InternalAuth;
import feign.RequestInterceptor;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.context.annotation.Bean;

/** Every Feign call a service makes to another one carries the service token. */
@AutoConfiguration(after = WebSupportAutoConfiguration.class)
@ConditionalOnClass(RequestInterceptor.class)
public class ServiceTokenFeignConfiguration {

    @Bean
    RequestInterceptor serviceTokenInterceptor(ServiceTokenProperties properties) {
        return template -> template.header(InternalAuth.TOKEN_HEADER, properties.serviceToken());
    }
}
