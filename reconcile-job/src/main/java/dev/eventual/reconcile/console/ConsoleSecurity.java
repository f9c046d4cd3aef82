package dev.eventual.reconcile.console;

import dev.eventual.web.CallerRole;
import dev.eventual.web.CallerSecurityAutoConfiguration;
import dev.eventual.web.JwtCallers;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.Order;
import org.springframework.security.config.ObjectPostProcessor;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.oauth2.client.oidc.web.logout.OidcClientInitiatedLogoutSuccessHandler;
import org.springframework.security.oauth2.client.registration.ClientRegistrationRepository;
import org.springframework.security.oauth2.client.web.DefaultOAuth2AuthorizationRequestResolver;
import org.springframework.security.oauth2.client.web.OAuth2AuthorizationRequestCustomizers;
import org.springframework.security.oauth2.client.web.OAuth2AuthorizationRequestRedirectFilter;
import org.springframework.security.oauth2.jwt.JwtDecoder;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.access.AccessDeniedHandlerImpl;
import org.springframework.security.web.authentication.AuthenticationFailureHandler;
import org.springframework.security.web.servlet.util.matcher.PathPatternRequestMatcher;
import org.springframework.security.web.util.matcher.RequestMatcher;
import org.springframework.web.servlet.config.annotation.ResourceHandlerRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * The console's own filter chain, ahead of the stateless API chain (web-support): a browser signs in
 * at the authorization server (authorization code with PKCE, this job a confidential client) and
 * keeps a session; its forms carry a CSRF token (Spring Security's default, checked on every POST,
 * logout included); operators and admins only, anyone else gets the 403 page. The session cookie's
 * name, HttpOnly and SameSite=Lax are set in reconcile-job.yml.
 */
@Configuration(proxyBeanMethods = false)
@ConsoleEnabled
class ConsoleSecurity {

    static final String DENIED_PAGE = "/console/denied";
    static final String SIGNED_OUT_PAGE = "/console/signed-out";

    @Bean
    @Order(CallerSecurityAutoConfiguration.API_CHAIN_ORDER - 10)
    SecurityFilterChain consoleFilterChain(HttpSecurity http, ClientRegistrationRepository clients,
                                           JwtDecoder accessTokens, JwtCallers callers) throws Exception {
        DefaultOAuth2AuthorizationRequestResolver authorizationRequests = new DefaultOAuth2AuthorizationRequestResolver(
                clients, OAuth2AuthorizationRequestRedirectFilter.DEFAULT_AUTHORIZATION_REQUEST_BASE_URI);
        // Spring Security adds PKCE only for public clients; the authorization server requires it of this one too
        authorizationRequests.setAuthorizationRequestCustomizer(OAuth2AuthorizationRequestCustomizers.withPkce());
        OidcClientInitiatedLogoutSuccessHandler signOut = new OidcClientInitiatedLogoutSuccessHandler(clients);
        // ends the authorization server's session too, else the next visit would sign the same person in again
        signOut.setPostLogoutRedirectUri("{baseUrl}" + SIGNED_OUT_PAGE);
        AccessDeniedHandlerImpl denied = new AccessDeniedHandlerImpl();
        denied.setErrorPage(DENIED_PAGE);

        return http
                .securityMatcher("/console/**", "/login/**", "/oauth2/**", "/logout")
                .authorizeHttpRequests(requests -> requests
                        // the refusal page is reached by a forward that passes this chain again
                        .requestMatchers(SIGNED_OUT_PAGE, DENIED_PAGE, "/console/assets/**").permitAll()
                        .requestMatchers("/console/**").hasAnyAuthority(CallerRole.OPERATOR.authority(), CallerRole.ADMIN.authority())
                        .anyRequest().authenticated())
                .oauth2Login(login -> login
                        .authorizationEndpoint(endpoint -> endpoint.authorizationRequestResolver(authorizationRequests))
                        .withObjectPostProcessor(new ObjectPostProcessor<OAuth2AuthorizationRequestRedirectFilter>() {
                            @Override
                            public <F extends OAuth2AuthorizationRequestRedirectFilter> F postProcess(F filter) {
                                filter.setAuthenticationFailureHandler(noSuchSignIn(clients));
                                return filter;
                            }
                        })
                        .userInfoEndpoint(userInfo -> userInfo.oidcUserService(new ConsoleSignIn(accessTokens, callers)))
                        .defaultSuccessUrl("/console"))
                .logout(logout -> logout.logoutSuccessHandler(signOut))
                .exceptionHandling(exceptions -> exceptions.accessDeniedHandler(denied))
                // no script runs on these pages; markup that slipped through escaping could not run either
                .headers(headers -> headers.contentSecurityPolicy(csp -> csp.policyDirectives(
                        "default-src 'self'; script-src 'none'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'")))
                .build();
    }

    /**
     * {@code /oauth2/authorization/<id>} for an id no client is registered under is an address nothing
     * serves: 404, where Spring Security would answer 500 and log a stack trace. Anything else that stops
     * a sign-in from starting stays an unexpected error.
     */
    private static AuthenticationFailureHandler noSuchSignIn(ClientRegistrationRepository clients) {
        RequestMatcher start = PathPatternRequestMatcher.withDefaults()
                .matcher(OAuth2AuthorizationRequestRedirectFilter.DEFAULT_AUTHORIZATION_REQUEST_BASE_URI + "/{registrationId}");
        return (request, response, failure) -> {
            String registrationId = start.matcher(request).getVariables().get("registrationId");
            if (registrationId != null && clients.findByRegistrationId(registrationId) == null) {
                response.sendError(HttpServletResponse.SC_NOT_FOUND);
                return;
            }
            throw new ServletException("the sign-in could not start", failure);
        };
    }

    /** The stylesheet, from a folder of the console's own: other services sharing the classpath (the launcher) do not serve it. */
    @Bean
    WebMvcConfigurer consoleAssets() {
        return new WebMvcConfigurer() {
            @Override
            public void addResourceHandlers(ResourceHandlerRegistry registry) {
                registry.addResourceHandler("/console/assets/**").addResourceLocations("classpath:/console-assets/");
            }
        };
    }
}
