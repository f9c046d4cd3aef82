package dev.eventual.infra.test;

import dev.eventual.auth.AuthServerApplication;
import dev.eventual.common.messaging.InternalAuth;
import org.springframework.context.ConfigurableApplicationContext;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The suite's real authorization server for tests, in this JVM on a free loopback port: synthetic
 * customers ({@code customer-<id>}), one operator and one admin, with test-only passwords, and the
 * services' and the payment provider's clients with test-only secrets. Services under test check tokens
 * against it as they would in production and get their own client's tokens from it
 * ({@link InfrastructureInitializer} sets their issuer and secret); {@link #tokens()} signs users in
 * through its login form and gets clients' tokens.
 */
public final class TestAuthServer implements AutoCloseable {

    public static final String OPERATOR = "test-operator";
    public static final String ADMIN = "test-admin";
    static final String CUSTOMERS_PASSWORD = "test-customers-password-not-for-production";
    static final String OPERATOR_PASSWORD = "test-operator-password-not-for-production";
    static final String ADMIN_PASSWORD = "test-admin-password-not-for-production";

    /** The confidential clients auth-server.yml registers, each with its own test-only secret. */
    public enum Client {
        INVENTORY_SERVICE("inventory-service", "EVENTUAL_INVENTORY_SERVICE_CLIENT_SECRET", InternalAuth.SCOPE_REPORT_INVENTORY),
        NOTICE_SERVICE("notice-service", "EVENTUAL_NOTICE_SERVICE_CLIENT_SECRET", InternalAuth.SCOPE_REPORT_NOTICE),
        RECONCILE_JOB("reconcile-job", "EVENTUAL_RECONCILE_JOB_CLIENT_SECRET", InternalAuth.SCOPE_INVENTORY_REDRIVE,
                InternalAuth.SCOPE_STOCK_GATE, InternalAuth.SCOPE_NOTICE_REDRIVE, InternalAuth.SCOPE_CANCEL),
        PAYMENT_PROVIDER("payment-provider", "EVENTUAL_PAYMENT_PROVIDER_CLIENT_SECRET", InternalAuth.SCOPE_PAY);

        private final String id;
        private final String secretVariable;
        private final List<String> scopes;

        Client(String id, String secretVariable, String... scopes) {
            this.id = id;
            this.secretVariable = secretVariable;
            this.scopes = List.of(scopes);
        }

        /** Every scope auth-server.yml registers it with, as the service's own yml asks for them. */
        public List<String> scopes() {
            return scopes;
        }

        public String id() {
            return id;
        }

        public String secret() {
            return "test-" + id + "-secret-not-for-production";
        }

        /** The client whose id this is, if the suite has one. */
        static java.util.Optional<Client> withId(String id) {
            return java.util.Arrays.stream(values()).filter(client -> client.id.equals(id)).findFirst();
        }
    }

    private final ConfigurableApplicationContext context;
    private final String issuer;
    private final TestTokens tokens;

    private TestAuthServer(ConfigurableApplicationContext context, String issuer) {
        this.context = context;
        this.issuer = issuer;
        this.tokens = new TestTokens(issuer);
    }

    static TestAuthServer start(Path directory) {
        int port = freePort();
        String issuer = "http://127.0.0.1:" + port;
        List<String> args = new ArrayList<>(List.of(
                "--server.port=" + port,
                "--server.address=127.0.0.1",
                "--management.server.port=0",
                "--spring.security.oauth2.authorizationserver.issuer=" + issuer,
                "--eventual.auth.signing-key-file=" + directory.resolve("signing-key.json").toAbsolutePath(),
                "--eventual.auth.synthetic-customers.password=" + CUSTOMERS_PASSWORD,
                "--eventual.auth.users." + OPERATOR + ".password=" + OPERATOR_PASSWORD,
                "--eventual.auth.users." + OPERATOR + ".role=OPERATOR",
                "--eventual.auth.users." + ADMIN + ".password=" + ADMIN_PASSWORD,
                "--eventual.auth.users." + ADMIN + ".role=ADMIN"));
        for (Client client : Client.values()) {
            args.add("--" + client.secretVariable + "=" + client.secret());
        }
        ConfigurableApplicationContext context = AuthServerApplication.application().run(args.toArray(String[]::new));
        return new TestAuthServer(context, issuer);
    }

    /** Where it serves health and Prometheus: a free management port of its own, on loopback. */
    public int managementPort() {
        return Integer.parseInt(context.getEnvironment().getRequiredProperty("local.management.port"));
    }

    /** What tokens' {@code iss} says and services are given as their issuer-uri. */
    public String issuer() {
        return issuer;
    }

    public TestTokens tokens() {
        return tokens;
    }

    @Override
    public void close() {
        context.close();
    }

    private static int freePort() {
        try (ServerSocket probe = new ServerSocket(0)) {
            return probe.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
