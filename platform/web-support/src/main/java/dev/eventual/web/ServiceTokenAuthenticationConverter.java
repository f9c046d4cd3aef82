package dev.eventual.web;

import dev.eventual.common.messaging.InternalAuth;
import jakarta.servlet.http.HttpServletRequest;
import org.springframework.security.core.Authentication;
import org.springframework.security.web.authentication.AuthenticationConverter;
import org.springframework.security.web.authentication.preauth.PreAuthenticatedAuthenticationToken;

/**
 * Reads the presented service token, still unchecked. Without the header there is nothing to
 * authenticate: the request goes on unauthenticated and the authorization rules decide.
 */
final class ServiceTokenAuthenticationConverter implements AuthenticationConverter {

    @Override
    public Authentication convert(HttpServletRequest request) {
        String presented = request.getHeader(InternalAuth.TOKEN_HEADER);
        return presented == null ? null
                : new PreAuthenticatedAuthenticationToken(ServiceTokenAuthenticationProvider.SERVICE, presented);
    }
}
