package dev.eventual.infra.test;

import dev.eventual.auth.AuthServerApplication;
import org.springframework.context.ConfigurableApplicationContext;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.file.Path;

/**
 * The suite's real authorization server for tests, in this JVM on a free loopback port: synthetic
 * customers ({@code customer-<id>}), one operator and one admin, with test-only passwords. Services
 * under test check tokens against it as they would in production ({@link InfrastructureInitializer}
 * sets their issuer); {@link #tokens()} signs users in through its login form.
 */
public final class TestAuthServer implements AutoCloseable {

    public static final String OPERATOR = "test-operator";
    public static final String ADMIN = "test-admin";
    static final String CUSTOMERS_PASSWORD = "test-customers-password-not-for-production";
    static final String OPERATOR_PASSWORD = "test-operator-password-not-for-production";
    static final String ADMIN_PASSWORD = "test-admin-password-not-for-production";

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
        ConfigurableApplicationContext context = AuthServerApplication.application().run(
                "--server.port=" + port,
                "--server.address=127.0.0.1",
                "--spring.security.oauth2.authorizationserver.issuer=" + issuer,
                "--eventual.auth.signing-key-file=" + directory.resolve("signing-key.json").toAbsolutePath(),
                "--eventual.auth.synthetic-customers.password=" + CUSTOMERS_PASSWORD,
                "--eventual.auth.users." + OPERATOR + ".password=" + OPERATOR_PASSWORD,
                "--eventual.auth.users." + OPERATOR + ".role=OPERATOR",
                "--eventual.auth.users." + ADMIN + ".password=" + ADMIN_PASSWORD,
                "--eventual.auth.users." + ADMIN + ".role=ADMIN");
        return new TestAuthServer(context, issuer);
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
