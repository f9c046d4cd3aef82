package dev.eventual.auth;

import dev.eventual.auth.throttle.SignInThrottleFilter;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.Order;
import org.springframework.http.MediaType;
import org.springframework.security.config.Customizer;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.authentication.LoginUrlAuthenticationEntryPoint;
import org.springframework.security.web.authentication.UsernamePasswordAuthenticationFilter;
import org.springframework.security.web.util.matcher.MediaTypeRequestMatcher;

/**
 * Two chains, as Spring Authorization Server's own default: its endpoints (authorize, token, JWKS,
 * discovery, OIDC), sending a browser without a session to the login page; and the login page itself,
 * throttled against guessing, with health open for probes and the meters for Prometheus. Written out
 * only because the default keeps both behind the login.
 */
@Configuration(proxyBeanMethods = false)
class AuthServerSecurity {

    @Bean
    @Order(1)
    SecurityFilterChain authorizationServerChain(HttpSecurity http) throws Exception {
        http.oauth2AuthorizationServer(server -> {
            http.securityMatcher(server.getEndpointsMatcher());
            server.oidc(Customizer.withDefaults());
        });
        return http
                .authorizeHttpRequests(requests -> requests.anyRequest().authenticated())
                .exceptionHandling(exceptions -> exceptions.defaultAuthenticationEntryPointFor(
                        new LoginUrlAuthenticationEntryPoint("/login"), new MediaTypeRequestMatcher(MediaType.TEXT_HTML)))
                .build();
    }

    @Bean
    @Order(2)
    SecurityFilterChain loginChain(HttpSecurity http, SignInThrottleFilter throttle) throws Exception {
        return http
                .authorizeHttpRequests(requests -> requests
                        .requestMatchers("/actuator/health", "/actuator/health/**", "/actuator/prometheus", "/error").permitAll()
                        .anyRequest().authenticated())
                .formLogin(Customizer.withDefaults())
                .addFilterBefore(throttle, UsernamePasswordAuthenticationFilter.class)
                .build();
    }

    /** The throttle runs in the login chain only: a filter bean would otherwise also see every request on its own. */
    @Bean
    FilterRegistrationBean<SignInThrottleFilter> throttleOutsideTheChain(SignInThrottleFilter throttle) {
        FilterRegistrationBean<SignInThrottleFilter> registration = new FilterRegistrationBean<>(throttle);
        registration.setEnabled(false);
        return registration;
    }
}
