package dev.eventual.web;

import io.micrometer.core.instrument.MeterRegistry;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.security.autoconfigure.UserDetailsServiceAutoConfiguration;
import org.springframework.boot.security.autoconfigure.web.servlet.ServletWebSecurityAutoConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.core.annotation.Order;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.annotation.web.configuration.WebSecurityCustomizer;
import org.springframework.security.config.annotation.web.configurers.AbstractHttpConfigurer;
import org.springframework.security.config.observation.SecurityObservationSettings;
import org.springframework.security.oauth2.jwt.JwtClaimNames;
import org.springframework.security.oauth2.jwt.JwtClaimValidator;
import org.springframework.security.oauth2.jwt.JwtDecoder;
import org.springframework.security.oauth2.jwt.JwtTimestampValidator;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.firewall.StrictHttpFirewall;
import org.springframework.web.method.support.HandlerMethodArgumentResolver;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * Who may do what, as one Spring Security filter chain (docs/security.md): every service is an OAuth2
 * resource server, so a public act ({@link Allowed}) needs a bearer access token whose signature,
 * issuer, audience, expiry (required) and issue time (required, not in the future) Spring Security
 * checks against the authorization server's keys (fetched
 * once and cached: no call per request) and whose roles the act allows. The suite's services call
 * {@code /internal/**} and their public acts the same way, with an access token of their own OAuth2 client
 * (client credentials) carrying the act's scope. Anything else (health, metrics, the OpenAPI documents) is open.
 * <p>
 * Stateless: callers send a header on every request, never a cookie, so there is no session and no
 * CSRF token (CSRF abuses a browser's ambient credentials; a header the browser never adds is none), no
 * request cache, no anonymous user and no logout. Answers carry Spring Security's default headers
 * ({@code X-Content-Type-Options: nosniff}, {@code Cache-Control: no-store}, {@code X-Frame-Options: DENY}):
 * an answer about one person's orders is no page to frame and nothing a shared cache may keep. The
 * operators' console, where a browser signs in, is a chain of its own in reconcile-job, ordered before this one.
 */
@AutoConfiguration(before = {ServletWebSecurityAutoConfiguration.class, UserDetailsServiceAutoConfiguration.class},
        beforeName = {"org.springframework.boot.security.autoconfigure.actuate.web.servlet.ManagementWebSecurityAutoConfiguration",
                "org.springframework.boot.security.oauth2.server.resource.autoconfigure.web.OAuth2ResourceServerWebSecurityAutoConfiguration"},
        afterName = "org.springframework.boot.security.oauth2.server.resource.autoconfigure.OAuth2ResourceServerAutoConfiguration")
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
@EnableConfigurationProperties({JwtClaimsProperties.class, TokenCacheProperties.class})
public class CallerSecurityAutoConfiguration {

    /** The order of the API chain; a service's own chains for other paths come before it. */
    public static final int API_CHAIN_ORDER = 100;
    /** Spring Security's own clock skew for {@code exp} and {@code nbf}, kept for {@code iat}. */
    private static final Duration CLOCK_SKEW = Duration.ofSeconds(60);

    /**
     * Spring Security checks {@code exp} and {@code nbf} only where a token has them: a signed token
     * without {@code exp} would be good forever. Spring Boot adds every such bean to the validators of the
     * decoder it builds (signature, issuer, audience), this one in place of its own time check.
     */
    @Bean
    JwtTimestampValidator accessTokenLifetime() {
        JwtTimestampValidator lifetime = new JwtTimestampValidator(CLOCK_SKEW);
        lifetime.setAllowEmptyExpiryClaim(false);
        return lifetime;
    }

    /**
     * An access token says when it was issued, and not later than now: one from the future comes from a
     * forger or a broken clock, and would outlive the lifetime its issuer gives tokens.
     */
    @Bean
    JwtClaimValidator<Instant> accessTokenIssueTime() {
        return new JwtClaimValidator<>(JwtClaimNames.IAT,
                (Instant issuedAt) -> issuedAt != null && !issuedAt.isAfter(Instant.now().plus(CLOCK_SKEW)));
    }

    /**
     * A token verified once is not verified again on each request of its lifetime (issue 41; docs/security.md,
     * "Checking a token"). Static: a post-processor is made before the beans it wraps.
     */
    @Bean
    static VerifiedTokenCaching verifiedTokenCaching(ObjectProvider<TokenCacheProperties> properties,
                                                     ObjectProvider<MeterRegistry> meters) {
        return new VerifiedTokenCaching(properties, meters);
    }

    @Bean
    JwtCallers jwtCallers(JwtClaimsProperties claims) {
        return new JwtCallers(claims);
    }

    @Bean
    WebMvcConfigurer callerArguments(JwtCallers jwtCallers) {
        return new WebMvcConfigurer() {
            @Override
            public void addArgumentResolvers(List<HandlerMethodArgumentResolver> resolvers) {
                resolvers.add(new CallerArgumentResolver(jwtCallers));
            }
        };
    }

    @Bean
    @Order(API_CHAIN_ORDER)
    SecurityFilterChain apiFilterChain(HttpSecurity http, JwtCallers jwtCallers,
            ObjectProvider<JwtDecoder> jwtDecoder,
            @Qualifier("requestMappingHandlerMapping") RequestMappingHandlerMapping handlers) throws Exception {
        if (jwtDecoder.getIfAvailable() == null) {
            throw new IllegalStateException("no authorization server to check access tokens against: set"
                    + " spring.security.oauth2.resourceserver.jwt.issuer-uri (EVENTUAL_ISSUER), see docs/security.md");
        }
        AllowedActs acts = new AllowedActs(handlers);
        CallerRefusals refusals = new CallerRefusals(acts);

        return http
                .oauth2ResourceServer(resourceServer -> resourceServer
                        .jwt(jwt -> jwt.jwtAuthenticationConverter(jwtCallers))
                        .authenticationEntryPoint(refusals)
                        .accessDeniedHandler(refusals))
                .authorizeHttpRequests(requests -> {
                    acts.all().forEach(act -> requests.requestMatchers(act).hasAnyAuthority(act.authorities()));
                    // every /api and /internal handler declares its act (AllowedActs refuses to start otherwise), so
                    // what else an authenticated caller reaches there is Spring MVC's 404 or 405, never a handler
                    requests.requestMatchers("/api/**").authenticated();
                    requests.requestMatchers(InternalPaths.MATCHER).authenticated();
                    requests.anyRequest().permitAll();
                })
                .exceptionHandling(exceptions -> exceptions.authenticationEntryPoint(refusals).accessDeniedHandler(refusals))
                .csrf(AbstractHttpConfigurer::disable)
                .sessionManagement(AbstractHttpConfigurer::disable)
                .securityContext(AbstractHttpConfigurer::disable)
                .requestCache(AbstractHttpConfigurer::disable)
                .anonymous(AbstractHttpConfigurer::disable)
                .servletApi(AbstractHttpConfigurer::disable)
                .logout(AbstractHttpConfigurer::disable)
                .build();
    }

    /**
     * Spring Security would otherwise wrap each filter of the chain, and each authentication and
     * authorization, in an observation of its own on every request. The HTTP server observation
     * already times every request.
     */
    @Bean
    SecurityObservationSettings callerSecurityObservations() {
        return SecurityObservationSettings.noObservations();
    }

    /**
     * Spring Security's firewall refuses suspicious URLs (encoded {@code .} {@code /} {@code \}
     * {@code %}, {@code //}, control characters in headers and parameters) with a 400 problem like
     * the ones Tomcat's own URL checks give. It lets path parameters ({@code ;x}, {@code %3B}) through,
     * as before: Tomcat strips them, and both Spring MVC and the guard match on the path
     * without them, so {@code /internal;x/...} is guarded like {@code /internal/...}.
     */
    @Bean
    WebSecurityCustomizer callerFirewall() {
        StrictHttpFirewall firewall = new StrictHttpFirewall();
        firewall.setAllowSemicolon(true);
        return web -> web.httpFirewall(firewall).requestRejectedHandler((request, response, rejected) ->
                ProblemResponses.write(response, HttpServletResponse.SC_BAD_REQUEST,
                        dev.eventual.common.api.problem.ProblemTypes.forHttpStatus(400),
                        "Bad Request", ProblemErrorReportValve.REFUSED_BEFORE_THE_SERVICE));
    }
}
