package dev.eventual.web;

import jakarta.servlet.http.HttpServletRequest;
import org.springframework.http.HttpMethod;
import org.springframework.security.web.servlet.util.matcher.PathPatternRequestMatcher;
import org.springframework.security.web.util.matcher.RequestMatcher;
import org.springframework.web.bind.annotation.RequestMethod;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The requests that reach a {@link RequiresServiceToken} handler, as one request matcher for the
 * security filter chain. It is derived once at start-up from the handler methods that carry the
 * annotation (their path patterns and HTTP methods), so the annotation stays the one declaration
 * and the token is checked in the filter chain, before anything reads the body. Method security
 * ({@code @PreAuthorize}) would run only after the arguments are resolved: a caller without the
 * token would get the 400 that describes a valid body.
 * <p>
 * Only path and method are matched, not {@code consumes}: a request without the token that would
 * reach the act but for its content type is 401 as well, not a 415 that names the accepted type.
 */
final class AdminActs implements RequestMatcher {

    private record Act(RequestMatcher matcher, String name) {
    }

    /** Where an act is: its HTTP method (null: any) and path pattern, as its handler mapping says. */
    record Route(HttpMethod method, String pattern, String name) {
    }

    private final List<Act> acts;

    AdminActs(RequestMappingHandlerMapping handlers) {
        this.acts = routes(handlers).stream().map(route -> new Act(matcher(route.method(), route.pattern()), route.name()))
                .toList();
    }

    /** The one derivation of the acts, for this matcher and for the OpenAPI documents (ApiDocsOperations). */
    static List<Route> routes(RequestMappingHandlerMapping handlers) {
        List<Route> found = new ArrayList<>();
        handlers.getHandlerMethods().forEach((mapping, method) -> {
            RequiresServiceToken required = method.getMethodAnnotation(RequiresServiceToken.class);
            if (required == null) {
                return;
            }
            Set<RequestMethod> methods = mapping.getMethodsCondition().getMethods();
            for (String pattern : mapping.getPatternValues()) {
                if (methods.isEmpty()) {
                    found.add(new Route(null, pattern, required.value()));
                }
                methods.forEach(httpMethod -> found.add(new Route(httpMethod.asHttpMethod(), pattern, required.value())));
            }
        });
        return List.copyOf(found);
    }

    private static RequestMatcher matcher(HttpMethod method, String pattern) {
        return PathPatternRequestMatcher.pathPattern(method, pattern);
    }

    @Override
    public boolean matches(HttpServletRequest request) {
        return actAt(request) != null;
    }

    /** What the act at this request is ("setting stock"), or null when the request is no admin act. */
    String actAt(HttpServletRequest request) {
        for (Act act : acts) {
            if (act.matcher().matches(request)) {
                return act.name();
            }
        }
        return null;
    }

    @Override
    public String toString() {
        return "AdminActs " + acts;
    }
}
