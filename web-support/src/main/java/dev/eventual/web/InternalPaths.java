package dev.eventual.web;

import dev.eventual.common.messaging.InternalAuth;
import org.springframework.security.web.servlet.util.matcher.PathPatternRequestMatcher;
import org.springframework.security.web.util.matcher.RequestMatcher;

/**
 * {@code /internal/**}, matched as Spring MVC matches handlers: on the decoded path without
 * {@code ;parameters}, so {@code /internal;x/...} and {@code /%69nternal/...}, which reach the same
 * handlers, are internal too. The token guard and the larger body limit share this one matcher.
 */
final class InternalPaths {

    static final RequestMatcher MATCHER = PathPatternRequestMatcher.pathPattern(InternalAuth.INTERNAL_PATH_PREFIX + "**");

    private InternalPaths() {
    }
}
