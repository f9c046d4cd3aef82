package dev.eventual.web;

import org.springdoc.core.customizers.OpenApiCustomizer;
import org.springdoc.core.utils.SpringDocUtils;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.core.env.Environment;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;

/**
 * What every service's OpenAPI document (springdoc, {@code /v3/api-docs}) shares, so that clients
 * generated from it know what the services really answer: the title and the project version, the
 * RFC 9457 problem responses web-support gives (with their {@value ApiDocs#PROBLEM_SCHEMA} schema),
 * and the bearer and service-client schemes on exactly the acts that take them; the {@link Caller}
 * a handler takes is no parameter of it. Each service
 * describes itself ({@code @OpenAPIDefinition}) and declares its own outcomes ({@code @ApiResponse})
 * beside its controllers.
 */
@AutoConfiguration
@ConditionalOnClass(OpenApiCustomizer.class)
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
public class ApiDocsAutoConfiguration {

    /** Where a service's own client gets its tokens (its configuration); else Spring Authorization Server's path under the issuer. */
    private static final String TOKEN_URI = "spring.security.oauth2.client.provider.eventual-service.token-uri";

    static {
        // a handler's Caller is who sent the request, resolved from its credential (CallerArgumentResolver),
        // not an input: springdoc would otherwise list its components as a required query parameter
        SpringDocUtils.getConfig().addRequestWrapperToIgnore(Caller.class);
    }

    @Bean
    ApiDocsComponents eventualApiDocsComponents(Environment environment) {
        return new ApiDocsComponents(environment.getProperty("spring.application.name", "service"),
                ApiDocsComponents.projectVersion(), environment.getProperty(TOKEN_URI,
                        environment.getProperty("spring.security.oauth2.resourceserver.jwt.issuer-uri", "") + "/oauth2/token"));
    }

    @Bean
    ApiDocsOperations eventualApiDocsOperations(
            @Qualifier("requestMappingHandlerMapping") RequestMappingHandlerMapping handlers) {
        return new ApiDocsOperations(handlers);
    }
}
