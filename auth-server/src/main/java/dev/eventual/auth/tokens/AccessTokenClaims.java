package dev.eventual.auth.tokens;

import dev.eventual.auth.users.Person;
import org.springframework.security.oauth2.server.authorization.OAuth2TokenType;
import org.springframework.security.oauth2.server.authorization.token.JwtEncodingContext;
import org.springframework.security.oauth2.server.authorization.token.OAuth2TokenCustomizer;
import org.springframework.stereotype.Component;

import java.util.List;

/**
 * What a user's access token says besides {@code sub} (the username): {@code roles} and, for a
 * customer, {@code customer_id}; and that it is meant for the suite's services ({@code aud}). These
 * are the claims docs/security.md tells another identity provider to map.
 */
@Component
class AccessTokenClaims implements OAuth2TokenCustomizer<JwtEncodingContext> {

    static final String ROLES = "roles";
    static final String CUSTOMER_ID = "customer_id";

    private final TokenProperties properties;
    private final IssuedTokens issued;

    AccessTokenClaims(TokenProperties properties, IssuedTokens issued) {
        this.properties = properties;
        this.issued = issued;
    }

    @Override
    public void customize(JwtEncodingContext context) {
        if (!OAuth2TokenType.ACCESS_TOKEN.equals(context.getTokenType())) {
            return;
        }
        context.getClaims().audience(List.of(properties.audience()));
        // called once per access token the server signs: where it is issued, it is counted
        issued.issued(context.getRegisteredClient().getClientId(), context.getAuthorizationGrantType().getValue());
        if (context.getPrincipal().getPrincipal() instanceof Person person) {
            context.getClaims().claim(ROLES, List.of(person.role().claimValue()));
            if (person.customerId() != null) {
                context.getClaims().claim(CUSTOMER_ID, person.customerId());
            }
        }
    }
}
