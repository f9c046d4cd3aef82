package dev.eventual.web;

import dev.eventual.common.messaging.InternalAuth;
import org.springframework.security.authentication.AuthenticationProvider;
import org.springframework.security.authentication.BadCredentialsException;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.GrantedAuthority;
import org.springframework.security.core.authority.AuthorityUtils;
import org.springframework.security.web.authentication.preauth.PreAuthenticatedAuthenticationToken;

import java.util.List;

/**
 * A presented token equal to the configured one (compared in constant time, see
 * {@link ServiceTokenProperties#matches}) authenticates the calling service, which gets the one
 * authority {@value #AUTHORITY}. There are no users and no other roles.
 */
final class ServiceTokenAuthenticationProvider implements AuthenticationProvider {

    static final String SERVICE = "service";
    static final String AUTHORITY = "ROLE_SERVICE";
    private static final List<GrantedAuthority> AUTHORITIES = AuthorityUtils.createAuthorityList(AUTHORITY);

    private final ServiceTokenProperties token;

    ServiceTokenAuthenticationProvider(ServiceTokenProperties token) {
        this.token = token;
    }

    @Override
    public Authentication authenticate(Authentication authentication) {
        if (!(authentication.getCredentials() instanceof String presented && token.matches(presented))) {
            throw new BadCredentialsException("wrong " + InternalAuth.TOKEN_HEADER + " header");
        }
        return new PreAuthenticatedAuthenticationToken(SERVICE, null, AUTHORITIES);
    }

    @Override
    public boolean supports(Class<?> authentication) {
        return PreAuthenticatedAuthenticationToken.class.isAssignableFrom(authentication);
    }
}
