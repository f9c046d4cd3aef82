package dev.eventual.reconcile.console;

import dev.eventual.web.JwtCallers;
import dev.eventual.web.JwtClaimsProperties;
import org.junit.jupiter.api.Test;
import org.springframework.security.core.GrantedAuthority;
import org.springframework.security.oauth2.client.oidc.userinfo.OidcUserRequest;
import org.springframework.security.oauth2.client.registration.ClientRegistration;
import org.springframework.security.oauth2.core.AuthorizationGrantType;
import org.springframework.security.oauth2.core.OAuth2AccessToken;
import org.springframework.security.oauth2.core.OAuth2AuthenticationException;
import org.springframework.security.oauth2.core.oidc.OidcIdToken;
import org.springframework.security.oauth2.core.oidc.user.OidcUser;
import org.springframework.security.oauth2.jwt.BadJwtException;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.security.oauth2.jwt.JwtDecoder;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A sign-in's roles are the access token's, read as the API reads them; the ID token only says who. */
class ConsoleSignInTest {

    private static final Instant NOW = Instant.now();
    private static final ClientRegistration CONSOLE = ClientRegistration.withRegistrationId("eventual")
            .clientId("eventual-console").clientSecret("secret").authorizationGrantType(AuthorizationGrantType.AUTHORIZATION_CODE)
            .redirectUri("{baseUrl}/login/oauth2/code/{registrationId}").scope("openid")
            .authorizationUri("http://127.0.0.1:9000/oauth2/authorize").tokenUri("http://127.0.0.1:9000/oauth2/token")
            .jwkSetUri("http://127.0.0.1:9000/oauth2/jwks").build();

    @Test
    void rolesComeFromTheAccessToken() {
        OidcUser olga = signIn(new JwtClaimsProperties("roles", "customer_id"), "olga",
                Map.of("sub", "olga", "roles", List.of("operator")));

        assertThat(olga.getSubject()).isEqualTo("olga");
        assertThat(authorities(olga)).containsExactly("ROLE_OPERATOR");
    }

    @Test
    void aCustomerStaysACustomer() {
        OidcUser alice = signIn(new JwtClaimsProperties("roles", "customer_id"), "alice",
                Map.of("sub", "alice", "roles", List.of("customer"), "customer_id", 1));

        assertThat(authorities(alice)).containsExactly("ROLE_CUSTOMER");
    }

    @Test
    void theConfiguredClaimIsRead() {
        OidcUser adam = signIn(new JwtClaimsProperties("realm_access.roles", "customer_id"), "adam",
                Map.of("sub", "adam", "roles", List.of("customer"), "realm_access", Map.of("roles", List.of("admin"))));

        assertThat(authorities(adam)).containsExactly("ROLE_ADMIN");
    }

    @Test
    void anAccessTokenOfSomeoneElseIsRefused() {
        assertThatThrownBy(() -> signIn(new JwtClaimsProperties("roles", "customer_id"), "olga",
                Map.of("sub", "adam", "roles", List.of("admin"))))
                .isInstanceOf(OAuth2AuthenticationException.class)
                .hasMessageContaining("speaks for adam, the ID token for olga");
    }

    @Test
    void anAccessTokenTheDecoderRefusesIsRefused() {
        JwtDecoder refusing = token -> {
            throw new BadJwtException("the aud claim is not valid");
        };
        ConsoleSignIn signIn = new ConsoleSignIn(refusing, new JwtCallers(new JwtClaimsProperties("roles", "customer_id")));

        assertThatThrownBy(() -> signIn.loadUser(request("olga")))
                .isInstanceOf(OAuth2AuthenticationException.class)
                .hasMessageContaining("the aud claim is not valid");
    }

    private static OidcUser signIn(JwtClaimsProperties claims, String idTokenSubject, Map<String, Object> accessClaims) {
        JwtDecoder decoder = token -> Jwt.withTokenValue(token).header("alg", "RS256").claims(c -> c.putAll(accessClaims))
                .issuedAt(NOW).expiresAt(NOW.plusSeconds(300)).build();
        return new ConsoleSignIn(decoder, new JwtCallers(claims)).loadUser(request(idTokenSubject));
    }

    private static OidcUserRequest request(String subject) {
        OidcIdToken idToken = OidcIdToken.withTokenValue("id-token").subject(subject).issuer("http://127.0.0.1:9000")
                .audience(Set.of("eventual-console")).issuedAt(NOW).expiresAt(NOW.plusSeconds(300)).build();
        OAuth2AccessToken accessToken = new OAuth2AccessToken(OAuth2AccessToken.TokenType.BEARER, "access-token", NOW,
                NOW.plusSeconds(300), Set.of("openid"));
        return new OidcUserRequest(CONSOLE, accessToken, idToken);
    }

    private static List<String> authorities(OidcUser user) {
        return user.getAuthorities().stream().map(GrantedAuthority::getAuthority).toList();
    }
}
