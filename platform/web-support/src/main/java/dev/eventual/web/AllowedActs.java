package dev.eventual.web;

import jakarta.servlet.http.HttpServletRequest;
import org.springframework.http.HttpMethod;
import org.springframework.security.web.servlet.util.matcher.PathPatternRequestMatcher;
import org.springframework.security.web.util.matcher.RequestMatcher;
import org.springframework.web.bind.annotation.RequestMethod;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The requests that reach an {@link Allowed} handler, derived once at start-up from the handler methods
 * (their path patterns and HTTP methods), so the annotation stays the one declaration and roles and scopes are
 * checked in the filter chain, before anything reads the body. Method security ({@code @PreAuthorize})
 * would run only after the arguments are resolved: a caller without the role would get the 400 that
 * describes a valid body. Only path and method are matched, not {@code consumes}.
 */
final class AllowedActs {

    /** One handler's path and method, what it is called and who may make it: people by role, services by scope. */
    record Act(RequestMatcher matcher, String name, Set<CallerRole> roles, Set<String> scopes) implements RequestMatcher {

        @Override
        public boolean matches(HttpServletRequest request) {
            return matcher.matches(request);
        }

        String[] authorities() {
            return Stream.concat(roles.stream().map(CallerRole::authority), scopes.stream().map(JwtCallers::authority))
                    .toArray(String[]::new);
        }

        /** Only services make it. */
        boolean forServicesOnly() {
            return roles.isEmpty();
        }
    }

    /** One handler's path pattern and method (null: any), as the OpenAPI documents list them too. */
    record Route(HttpMethod method, String pattern, String name, Set<CallerRole> roles, Set<String> scopes) {
    }

    private final List<Act> acts;

    AllowedActs(RequestMappingHandlerMapping handlers) {
        this.acts = routes(handlers).stream()
                .map(route -> new Act(matcher(route.method(), route.pattern()), route.name(), route.roles(), route.scopes())).toList();
    }

    /** Every {@link Allowed} handler's routes: the one source of the filter chain's rules and the documents' requirements. */
    static List<Route> routes(RequestMappingHandlerMapping handlers) {
        List<Route> found = new ArrayList<>();
        handlers.getHandlerMethods().forEach((mapping, method) -> {
            Allowed allowed = method.getMethodAnnotation(Allowed.class);
            if (allowed == null) {
                List<String> open = mapping.getPatternValues().stream()
                        .filter(pattern -> pattern.startsWith("/api/") || InternalPaths.covers(pattern)).toList();
                if (!open.isEmpty()) {
                    throw new IllegalStateException(method + " serves " + open + " without @Allowed: every public"
                            + " and internal handler says who may call it (docs/security.md)");
                }
                return;
            }
            Set<CallerRole> roles = Set.copyOf(Arrays.asList(allowed.value()));
            Set<String> scopes = Set.copyOf(Arrays.asList(allowed.scopes()));
            if (roles.isEmpty() && scopes.isEmpty()) {
                throw new IllegalStateException(method + ": @Allowed names no role and no scope, so no one could call it");
            }
            Set<RequestMethod> methods = mapping.getMethodsCondition().getMethods();
            for (String pattern : mapping.getPatternValues()) {
                if (methods.isEmpty()) {
                    found.add(new Route(null, pattern, allowed.act(), roles, scopes));
                }
                methods.forEach(httpMethod -> found.add(new Route(httpMethod.asHttpMethod(), pattern, allowed.act(), roles, scopes)));
            }
        });
        return List.copyOf(found);
    }

    private static RequestMatcher matcher(HttpMethod method, String pattern) {
        return method == null ? PathPatternRequestMatcher.pathPattern(pattern) : PathPatternRequestMatcher.pathPattern(method, pattern);
    }

    List<Act> all() {
        return acts;
    }

    /** The act at this request, or null when it reaches none. */
    Act actAt(HttpServletRequest request) {
        for (Act act : acts) {
            if (act.matches(request)) {
                return act;
            }
        }
        return null;
    }

    @Override
    public String toString() {
        return "AllowedActs " + acts;
    }
}
