package dev.eventual.reconcile.console;

import dev.eventual.web.Caller;
import dev.eventual.web.JwtCallers;
import org.springframework.security.core.authority.SimpleGrantedAuthority;
import org.springframework.security.oauth2.client.oidc.userinfo.OidcUserRequest;
import org.springframework.security.oauth2.client.oidc.userinfo.OidcUserService;
import org.springframework.security.oauth2.client.userinfo.OAuth2UserService;
import org.springframework.security.oauth2.core.OAuth2AuthenticationException;
import org.springframework.security.oauth2.core.OAuth2Error;
import org.springframework.security.oauth2.core.oidc.IdTokenClaimNames;
import org.springframework.security.oauth2.core.oidc.user.DefaultOidcUser;
import org.springframework.security.oauth2.core.oidc.user.OidcUser;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.security.oauth2.jwt.JwtDecoder;
import org.springframework.security.oauth2.jwt.JwtException;

/**
 * Who signed in: the ID token says who, the access token issued with it says which roles. The access
 * token is checked as every API request's is (signature, issuer, audience {@code eventual}, expiry) and
 * read with the same claim settings ({@code eventual.security.jwt.roles-claim}), so a person has the same
 * roles in the console as with the API, and an identity provider that puts roles only in access tokens
 * (Keycloak's realm roles) needs nothing more. The roles hold for the session; a change takes a new sign-in.
 */
final class ConsoleSignIn implements OAuth2UserService<OidcUserRequest, OidcUser> {

    private final OidcUserService idTokens = new OidcUserService();
    private final JwtDecoder accessTokens;
    private final JwtCallers callers;

    ConsoleSignIn(JwtDecoder accessTokens, JwtCallers callers) {
        this.accessTokens = accessTokens;
        this.callers = callers;
    }

    @Override
    public OidcUser loadUser(OidcUserRequest request) {
        OidcUser user = idTokens.loadUser(request);
        Jwt accessToken;
        try {
            accessToken = accessTokens.decode(request.getAccessToken().getTokenValue());
        } catch (JwtException e) {
            throw refused("the access token was refused: " + e.getMessage());
        }
        Caller caller = callers.caller(accessToken);
        if (!user.getSubject().equals(caller.subject())) {
            throw refused("the access token speaks for " + caller.subject() + ", the ID token for " + user.getSubject());
        }
        return new DefaultOidcUser(caller.roles().stream().map(role -> new SimpleGrantedAuthority(role.authority())).toList(),
                user.getIdToken(), user.getUserInfo(), IdTokenClaimNames.SUB);
    }

    private static OAuth2AuthenticationException refused(String why) {
        return new OAuth2AuthenticationException(new OAuth2Error("invalid_token", why, null), why);
    }
}
