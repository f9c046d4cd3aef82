package dev.eventual.auth.errors;

import jakarta.servlet.Filter;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Spring Boot's error handling, made fit for people: a page that says what went wrong instead of the
 * Whitelabel one ({@link RefusedRequestPage}; JSON clients keep Boot's JSON), and the error path itself
 * no address: Boot would answer a request for it with a 500 of status 999.
 */
@Configuration(proxyBeanMethods = false)
class ErrorPages {

    @Bean
    RefusedRequestPage refusedRequestPage() {
        return new RefusedRequestPage();
    }

    /** Only requests sent to it: the container's own forwards there (error dispatches) pass no filter of this. */
    @Bean
    FilterRegistrationBean<Filter> errorPathIsNoAddress(@Value("${server.error.path:/error}") String errorPath) {
        FilterRegistrationBean<Filter> registration = new FilterRegistrationBean<>(
                (request, response, chain) -> ((HttpServletResponse) response).sendError(HttpServletResponse.SC_NOT_FOUND));
        registration.addUrlPatterns(errorPath);
        return registration;
    }
}
