package dev.eventual.web;

import org.apache.catalina.Valve;
import org.apache.catalina.core.StandardHost;
import org.apache.catalina.startup.Tomcat;
import org.apache.catalina.valves.ErrorReportValve;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.jackson.autoconfigure.JsonMapperBuilderCustomizer;
import org.springframework.boot.security.autoconfigure.web.servlet.SecurityFilterProperties;
import org.springframework.boot.tomcat.ConfigurableTomcatWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.core.Ordered;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.cfg.CoercionAction;
import tools.jackson.databind.cfg.CoercionInputShape;
import tools.jackson.databind.cfg.EnumFeature;
import tools.jackson.databind.type.LogicalType;

/**
 * Registers the shared HTTP plumbing in every service that has this module on its classpath (the
 * security filter chain is {@link CallerSecurityAutoConfiguration}). Runs before Boot's error
 * MVC configuration so that {@link ProblemErrorController} replaces its BasicErrorController.
 * <p>
 * Filter order: the body limit, then Spring Security's chain ({@code spring.security.filter.order},
 * -100 unless changed), then the content-coding check; the actuator's empty-error filter is
 * independent of them.
 */
@AutoConfiguration(beforeName = "org.springframework.boot.webmvc.autoconfigure.error.ErrorMvcAutoConfiguration")
@EnableConfigurationProperties({RequestLimitProperties.class, SecurityFilterProperties.class})
@Import({ProblemDetailsAdvice.class, ProblemErrorController.class})
public class WebSupportAutoConfiguration {

    @Bean
    FilterRegistrationBean<RequestBodyLimitFilter> requestBodyLimitFilter(RequestLimitProperties properties) {
        FilterRegistrationBean<RequestBodyLimitFilter> registration = new FilterRegistrationBean<>(new RequestBodyLimitFilter(properties));
        registration.setOrder(Ordered.HIGHEST_PRECEDENCE + 10);
        return registration;
    }

    @Bean
    FilterRegistrationBean<EmptyErrorBodyFilter> emptyErrorBodyFilter() {
        FilterRegistrationBean<EmptyErrorBodyFilter> registration = new FilterRegistrationBean<>(new EmptyErrorBodyFilter());
        registration.setOrder(Ordered.HIGHEST_PRECEDENCE + 30);
        return registration;
    }

    @Bean
    FilterRegistrationBean<ContentEncodingFilter> contentEncodingFilter(SecurityFilterProperties security) {
        FilterRegistrationBean<ContentEncodingFilter> registration = new FilterRegistrationBean<>(new ContentEncodingFilter());
        // after the token guard (the security filter chain): a caller without the token learns nothing about guarded bodies
        registration.setOrder(security.getOrder() + 5);
        return registration;
    }

    @Bean
    StrictRequestBodies strictRequestBodies() {
        return new StrictRequestBodies();
    }

    /**
     * Strict numbers: 1.5 is not a quantity of 1, a missing primitive is not 0, and "١٢" is not 12
     * (Java's integer parsers accept any script's digits, so Jackson never turns a string into an
     * integer; ids are the one exception, read by {@link Ids}' rules: declared as strings, or a 64-bit
     * field given a string, see {@link StringIdsModule}). An enum is its name, not its ordinal (0 is
     * not RETRY), and a repeated key is refused rather than "last one wins", so a proxy that reads the
     * first value and this service can never disagree (I-JSON, RFC 7493).
     */
    @Bean
    JsonMapperBuilderCustomizer strictNumbers() {
        return builder -> builder
                .addModule(new StringIdsModule())
                .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
                .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
                .enable(EnumFeature.FAIL_ON_NUMBERS_FOR_ENUMS)
                .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
                .withCoercionConfig(LogicalType.Integer,
                        config -> config.setCoercion(CoercionInputShape.String, CoercionAction.Fail));
    }

    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(Tomcat.class)
    static class TomcatProblems {

        /**
         * Unordered, so it runs after Boot's Tomcat customizer (order 0), whose context customizer adds
         * the plain HTML report valve that this one replaces.
         */
        @Bean
        WebServerFactoryCustomizer<ConfigurableTomcatWebServerFactory> problemErrorReportValve() {
            return factory -> factory.addContextCustomizers(context -> {
                StandardHost host = (StandardHost) context.getParent();
                for (Valve valve : host.getPipeline().getValves()) {
                    if (valve instanceof ErrorReportValve) {
                        host.getPipeline().removeValve(valve);
                    }
                }
                host.getPipeline().addValve(new ProblemErrorReportValve());
                // at start the host adds a report valve of this class unless it finds one
                host.setErrorReportValveClass(ProblemErrorReportValve.class.getName());
            });
        }
    }
}
