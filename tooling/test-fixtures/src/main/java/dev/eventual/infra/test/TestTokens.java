package dev.eventual.infra.test;

import dev.eventual.signin.CodeFlowLogin;

import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Access tokens from a real authorization server, got the way a user gets them (authorization code with
 * PKCE through its login form) and kept until a minute before they expire: a test acts for a customer,
 * the operator or the admin with {@code Authorization: Bearer <token>}.
 */
public final class TestTokens {

    private static final Duration TIMEOUT = Duration.ofSeconds(10);
    private static final Duration MARGIN = Duration.ofMinutes(1);

    private record Kept(String value, Instant renewAt) {
    }

    private final CodeFlowLogin login;
    private final Map<String, Kept> kept = new ConcurrentHashMap<>();

    TestTokens(String issuer) {
        this.login = new CodeFlowLogin(URI.create(issuer), TIMEOUT);
    }

    /** A token for customer {@code id}, whose orders carry that user id. */
    public String customer(long id) {
        return token("customer-" + id, TestAuthServer.CUSTOMERS_PASSWORD);
    }

    public String operator() {
        return token(TestAuthServer.OPERATOR, TestAuthServer.OPERATOR_PASSWORD);
    }

    public String admin() {
        return token(TestAuthServer.ADMIN, TestAuthServer.ADMIN_PASSWORD);
    }

    /** The Authorization header's value. */
    public static String bearer(String token) {
        return "Bearer " + token;
    }

    /** One sign-in per user at a time: concurrent callers for the same user share it. */
    private String token(String username, String password) {
        return kept.compute(username, (name, token) -> {
            if (token != null && Instant.now().isBefore(token.renewAt())) {
                return token;
            }
            CodeFlowLogin.AccessToken fresh = login.signIn(name, password);
            return new Kept(fresh.value(), Instant.now().plus(fresh.expiresIn()).minus(MARGIN));
        }).value();
    }
}
