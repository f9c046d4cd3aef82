package dev.eventual.web;

import dev.eventual.common.messaging.InternalAuth;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.web.method.HandlerMethod;
import org.springframework.web.servlet.HandlerInterceptor;

/** Enforces {@link RequiresServiceToken} after the handler is chosen and before its arguments are read. */
class ServiceTokenInterceptor implements HandlerInterceptor {

    private final ServiceTokenProperties token;

    ServiceTokenInterceptor(ServiceTokenProperties token) {
        this.token = token;
    }

    @Override
    public boolean preHandle(HttpServletRequest request, HttpServletResponse response, Object handler) {
        if (handler instanceof HandlerMethod method) {
            RequiresServiceToken required = method.getMethodAnnotation(RequiresServiceToken.class);
            if (required != null && !token.matches(request.getHeader(InternalAuth.TOKEN_HEADER))) {
                throw ApiProblemException.unauthorized(required.value() + " needs the " + InternalAuth.TOKEN_HEADER
                        + " header");
            }
        }
        return true;
    }
}
