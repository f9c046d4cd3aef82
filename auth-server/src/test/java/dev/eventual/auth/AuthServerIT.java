package dev.eventual.auth;

import dev.eventual.auth.login.CodeFlowLogin;
import dev.eventual.auth.login.LoginRefusedException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.security.oauth2.jwt.JwtDecoder;
import org.springframework.security.oauth2.jwt.JwtDecoders;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.LongStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The real authorization server on a port of its own: users sign in through its login form by the
 * authorization code flow with PKCE, and the tokens it signs say who they are, to whom and for whom.
 */
class AuthServerIT {

    private static final String ALICE_PASSWORD = "alice-password-0123456789";
    private static final String SYNTHETIC_PASSWORD = "synthetic-password-0123456789";
    private final Path keyFile = Path.of("target/auth-it-" + System.nanoTime()).toAbsolutePath().resolve("signing-key.json");
    private ConfigurableApplicationContext server;

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void aSignedInUsersTokenNamesThemTheirRoleAndTheSuite() throws Exception {
        URI issuer = start();
        CodeFlowLogin login = new CodeFlowLogin(issuer, Duration.ofSeconds(10));
        JwtDecoder decoder = JwtDecoders.fromIssuerLocation(issuer.toString());

        Jwt alice = decoder.decode(login.signIn("alice", ALICE_PASSWORD).value());
        assertThat(alice.getSubject()).isEqualTo("alice");
        assertThat(alice.getIssuer().toString()).isEqualTo(issuer.toString());
        assertThat(alice.getAudience()).containsExactly("eventual");
        assertThat(alice.getClaimAsStringList("roles")).containsExactly("customer");
        assertThat(alice.<Number>getClaim("customer_id").longValue()).isEqualTo(1L);
        assertThat(alice.getExpiresAt()).isAfter(alice.getIssuedAt().plus(Duration.ofMinutes(29)));

        Jwt olga = decoder.decode(login.signIn("olga", "olga-password-0123456789").value());
        assertThat(olga.getClaimAsStringList("roles")).containsExactly("operator");
        assertThat(olga.hasClaim("customer_id")).isFalse();

        Jwt synthetic = decoder.decode(login.signIn("customer-4242", SYNTHETIC_PASSWORD).value());
        assertThat(synthetic.getClaimAsStringList("roles")).containsExactly("customer");
        assertThat(synthetic.<Number>getClaim("customer_id").longValue()).isEqualTo(4242L);

        assertThatThrownBy(() -> login.signIn("alice", "wrong-password-0123456789"))
                .isInstanceOf(LoginRefusedException.class).hasMessageContaining("refused the username or password");
        assertThatThrownBy(() -> login.signIn("customer-0", SYNTHETIC_PASSWORD)).isInstanceOf(LoginRefusedException.class);
        assertThatThrownBy(() -> login.signIn("mallory", SYNTHETIC_PASSWORD)).isInstanceOf(LoginRefusedException.class);

        HttpResponse<String> health = HttpClient.newHttpClient().send(
                HttpRequest.newBuilder(issuer.resolve("/actuator/health")).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(health.statusCode()).as("probes need no login").isEqualTo(200);
    }

    @Test
    void manyUsersSignInAtOnce() throws Exception {
        URI issuer = start();
        CodeFlowLogin login = new CodeFlowLogin(issuer, Duration.ofSeconds(30));
        JwtDecoder decoder = JwtDecoders.fromIssuerLocation(issuer.toString());
        ExecutorService pool = Executors.newFixedThreadPool(16);
        try {
            List<Future<String>> tokens = LongStream.rangeClosed(1, 48)
                    .mapToObj(id -> pool.submit(() -> login.signIn("customer-" + id, SYNTHETIC_PASSWORD).value())).toList();
            for (int i = 0; i < tokens.size(); i++) {
                assertThat(decoder.decode(tokens.get(i).get()).getSubject()).isEqualTo("customer-" + (i + 1));
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void theSigningKeyIsKeptPrivateAndOutlivesARestart() throws Exception {
        URI issuer = start();
        String token = new CodeFlowLogin(issuer, Duration.ofSeconds(10)).signIn("alice", ALICE_PASSWORD).value();
        assertThat(Files.getPosixFilePermissions(keyFile))
                .containsExactlyInAnyOrder(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE);
        server.close();

        URI again = start(issuer.getPort());
        assertThat(JwtDecoders.fromIssuerLocation(again.toString()).decode(token).getSubject())
                .as("a token from before the restart").isEqualTo("alice");
    }

    private URI start() throws IOException {
        int port;
        try (ServerSocket probe = new ServerSocket(0)) {
            port = probe.getLocalPort();
        }
        return start(port);
    }

    private URI start(int port) {
        String issuer = "http://127.0.0.1:" + port;
        server = AuthServerApplication.application().run(
                "--server.port=" + port,
                "--spring.security.oauth2.authorizationserver.issuer=" + issuer,
                "--eventual.auth.signing-key-file=" + keyFile,
                "--eventual.auth.users.alice.password=" + ALICE_PASSWORD,
                "--eventual.auth.users.alice.role=CUSTOMER",
                "--eventual.auth.users.alice.customer-id=1",
                "--eventual.auth.users.olga.password=olga-password-0123456789",
                "--eventual.auth.users.olga.role=OPERATOR",
                "--eventual.auth.synthetic-customers.password=" + SYNTHETIC_PASSWORD);
        return URI.create(issuer);
    }
}
