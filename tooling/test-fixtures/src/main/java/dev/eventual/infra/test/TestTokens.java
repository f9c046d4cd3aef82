package dev.eventual.infra.test;

import dev.eventual.common.messaging.OrderMessaging;
import dev.eventual.signin.ClientCredentials;
import dev.eventual.signin.CodeFlowLogin;

import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Access tokens from a real authorization server, got the way a user gets them (authorization code with
 * PKCE through its login form) or a client gets them (client credentials), and kept until a minute before
 * they expire: a test acts for a customer, the operator, the admin, a service or the payment provider with
 * {@code Authorization: Bearer <token>}.
 */
public final class TestTokens {

    private static final Duration TIMEOUT = Duration.ofSeconds(10);
    private static final Duration MARGIN = Duration.ofMinutes(1);

    private record Kept(String value, Instant renewAt) {
    }

    private final CodeFlowLogin login;
    private final ClientCredentials clients;
    private final Map<String, Kept> kept = new ConcurrentHashMap<>();

    TestTokens(String issuer) {
        this.login = new CodeFlowLogin(URI.create(issuer), TIMEOUT);
        this.clients = ClientCredentials.of(URI.create(issuer), TIMEOUT);
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

    /** A token of one of the suite's confidential clients, with every scope it was registered with. */
    public String client(TestAuthServer.Client client) {
        return kept("client:" + client.id(), () -> clients.token(client.id(), client.secret(), client.scopes()));
    }

    /** The token of the service whose client reports for this consumer group (the inventory service's for any other). */
    public String reporter(String consumerGroup) {
        return client(OrderMessaging.NOTICE_CONSUMER_GROUP.equals(consumerGroup) ? TestAuthServer.Client.NOTICE_SERVICE
                : TestAuthServer.Client.INVENTORY_SERVICE);
    }

    /** reconcile-job's token: re-drives, releases, the stock gate's repair and cancels. */
    public String reconcile() {
        return client(TestAuthServer.Client.RECONCILE_JOB);
    }

    /** The payment provider's token: what pays an order. */
    public String payment() {
        return client(TestAuthServer.Client.PAYMENT_PROVIDER);
    }

    /** The Authorization header's value. */
    public static String bearer(String token) {
        return "Bearer " + token;
    }

    private String token(String username, String password) {
        return kept(username, () -> login.signIn(username, password));
    }

    /** One sign-in per user or client at a time: concurrent callers for the same one share it. */
    private String kept(String key, java.util.function.Supplier<CodeFlowLogin.AccessToken> get) {
        return kept.compute(key, (name, token) -> {
            if (token != null && Instant.now().isBefore(token.renewAt())) {
                return token;
            }
            CodeFlowLogin.AccessToken fresh = get.get();
            return new Kept(fresh.value(), Instant.now().plus(fresh.expiresIn()).minus(MARGIN));
        }).value();
    }
}
