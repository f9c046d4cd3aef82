package dev.eventual.web;

import dev.eventual.common.api.problem.ProblemTypes;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.security.autoconfigure.UserDetailsServiceAutoConfiguration;
import org.springframework.boot.security.autoconfigure.web.servlet.ServletWebSecurityAutoConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.security.authentication.ProviderManager;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.annotation.web.configuration.WebSecurityCustomizer;
import org.springframework.security.config.annotation.web.configurers.AbstractHttpConfigurer;
import org.springframework.security.config.observation.SecurityObservationSettings;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.access.ExceptionTranslationFilter;
import org.springframework.security.web.authentication.AuthenticationEntryPointFailureHandler;
import org.springframework.security.web.authentication.AuthenticationFilter;
import org.springframework.security.web.firewall.StrictHttpFirewall;
import org.springframework.security.web.util.matcher.OrRequestMatcher;
import org.springframework.security.web.util.matcher.RequestMatcher;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;

/**
 * The service-token guard as a Spring Security filter chain: {@code /internal/**} and every
 * {@link RequiresServiceToken} act need the authority a valid token header gives; everything else
 * is open. Runs before Boot's security auto-configuration, so Boot's default chain (form login,
 * HTTP basic) and its generated user are never created.
 * <p>
 * Stateless and minimal, because every request pays for it: callers are services and operators'
 * scripts that send the header on every request, with no cookies and no browser session, so there
 * is no session, no CSRF token (CSRF abuses a browser's ambient credentials; a header the browser
 * never adds is none), no request cache, no context kept between requests, no anonymous user, no
 * logout and no response headers of its own (the answers are JSON for programs, as before).
 */
@AutoConfiguration(before = {ServletWebSecurityAutoConfiguration.class, UserDetailsServiceAutoConfiguration.class},
        beforeName = "org.springframework.boot.security.autoconfigure.actuate.web.servlet.ManagementWebSecurityAutoConfiguration")
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
public class ServiceTokenSecurityAutoConfiguration {

    /** A bean, so that Boot sees an authentication provider and generates no default user. */
    @Bean
    ServiceTokenAuthenticationProvider serviceTokenAuthenticationProvider(ServiceTokenProperties properties) {
        return new ServiceTokenAuthenticationProvider(properties);
    }

    @Bean
    SecurityFilterChain serviceTokenFilterChain(HttpSecurity http, ServiceTokenAuthenticationProvider provider,
            @Qualifier("requestMappingHandlerMapping") RequestMappingHandlerMapping handlers) throws Exception {
        AdminActs adminActs = new AdminActs(handlers);
        RequestMatcher guarded = new OrRequestMatcher(InternalPaths.MATCHER, adminActs);
        ServiceTokenEntryPoint entryPoint = new ServiceTokenEntryPoint(adminActs);

        AuthenticationFilter tokenAuthentication = new AuthenticationFilter(new ProviderManager(provider),
                new ServiceTokenAuthenticationConverter());
        // open requests are not authenticated at all: a stray or wrong header there changes nothing
        tokenAuthentication.setRequestMatcher(guarded);
        // success goes on down the chain (the default handler would redirect to a saved request)
        tokenAuthentication.setSuccessHandler((request, response, authentication) -> {
        });
        tokenAuthentication.setFailureHandler(new AuthenticationEntryPointFailureHandler(entryPoint));

        return http
                .addFilterBefore(tokenAuthentication, ExceptionTranslationFilter.class)
                .authorizeHttpRequests(requests -> requests
                        .requestMatchers(guarded).hasAuthority(ServiceTokenAuthenticationProvider.AUTHORITY)
                        .anyRequest().permitAll())
                .exceptionHandling(exceptions -> exceptions.authenticationEntryPoint(entryPoint))
                .csrf(AbstractHttpConfigurer::disable)
                .sessionManagement(AbstractHttpConfigurer::disable)
                .securityContext(AbstractHttpConfigurer::disable)
                .requestCache(AbstractHttpConfigurer::disable)
                .anonymous(AbstractHttpConfigurer::disable)
                .servletApi(AbstractHttpConfigurer::disable)
                .logout(AbstractHttpConfigurer::disable)
                .headers(AbstractHttpConfigurer::disable)
                .build();
    }

    /**
     * Spring Security would otherwise wrap each filter of the chain, and each authentication and
     * authorization, in an observation of its own on every request. The HTTP server observation
     * already times every request; these would add timers and spans for a chain that compares one
     * header.
     */
    @Bean
    SecurityObservationSettings serviceTokenObservations() {
        return SecurityObservationSettings.noObservations();
    }

    /**
     * Spring Security's firewall refuses suspicious URLs (encoded {@code .} {@code /} {@code \}
     * {@code %}, {@code //}, control characters in headers and parameters) with a 400 problem like
     * the ones Tomcat's own URL checks give. It lets path parameters ({@code ;x}, {@code %3B}) through,
     * as before: Tomcat strips them, and both Spring MVC and the token guard match on the path
     * without them, so {@code /internal;x/...} is guarded like {@code /internal/...} (401 without
     * the token) and {@code 1%3B...} stays an id that fails validation naming its field.
     */
    @Bean
    WebSecurityCustomizer serviceTokenFirewall() {
        StrictHttpFirewall firewall = new StrictHttpFirewall();
        firewall.setAllowSemicolon(true);
        return web -> web.httpFirewall(firewall).requestRejectedHandler((request, response, rejected) ->
                ProblemResponses.write(response, HttpServletResponse.SC_BAD_REQUEST, ProblemTypes.forHttpStatus(400),
                        "Bad Request", ProblemErrorReportValve.REFUSED_BEFORE_THE_SERVICE));
    }
}
