package dev.eventual.web;

import org.springframework.core.MethodParameter;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.oauth2.server.resource.authentication.JwtAuthenticationToken;
import org.springframework.web.bind.support.WebDataBinderFactory;
import org.springframework.web.context.request.NativeWebRequest;
import org.springframework.web.method.support.HandlerMethodArgumentResolver;
import org.springframework.web.method.support.ModelAndViewContainer;

/**
 * A {@link Caller} handler parameter: who the filter chain authenticated. Every {@link Allowed} act has
 * one; a handler that declares the parameter without being an act is a programming error.
 */
final class CallerArgumentResolver implements HandlerMethodArgumentResolver {

    private final JwtCallers jwtCallers;

    CallerArgumentResolver(JwtCallers jwtCallers) {
        this.jwtCallers = jwtCallers;
    }

    @Override
    public boolean supportsParameter(MethodParameter parameter) {
        return parameter.getParameterType() == Caller.class;
    }

    @Override
    public Caller resolveArgument(MethodParameter parameter, ModelAndViewContainer mavContainer, NativeWebRequest webRequest,
                                  WebDataBinderFactory binderFactory) {
        Authentication authentication = SecurityContextHolder.getContext().getAuthentication();
        if (authentication instanceof JwtAuthenticationToken token) {
            return jwtCallers.caller(token.getToken());
        }
        throw new IllegalStateException(parameter.getMethod() + " takes a Caller but is not an @Allowed act");
    }
}
