package dev.eventual.web;

import dev.eventual.common.messaging.InternalAuth;
import org.springframework.http.server.PathContainer;
import org.springframework.security.web.servlet.util.matcher.PathPatternRequestMatcher;
import org.springframework.security.web.util.matcher.RequestMatcher;
import org.springframework.web.util.pattern.PathPattern;
import org.springframework.web.util.pattern.PathPatternParser;

/**
 * {@code /internal/**}, matched as Spring MVC matches handlers: on the decoded path without
 * {@code ;parameters}, so {@code /internal;x/...} and {@code /%69nternal/...}, which reach the same
 * handlers, are internal too. The token guard and the larger body limit share this one matcher.
 */
final class InternalPaths {

    static final RequestMatcher MATCHER = PathPatternRequestMatcher.pathPattern(InternalAuth.INTERNAL_PATH_PREFIX + "**");

    private static final PathPattern PATTERN = PathPatternParser.defaultInstance.parse(InternalAuth.INTERNAL_PATH_PREFIX + "**");

    /** Whether every request a handler's path pattern maps is internal (for the OpenAPI documents). */
    static boolean covers(String handlerPattern) {
        return PATTERN.matches(PathContainer.parsePath(handlerPattern));
    }

    private InternalPaths() {
    }
}
