package dev.eventual.auth;

import dev.eventual.signin.CodeFlowLogin;
import dev.eventual.signin.LoginRefusedException;
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
import java.net.URLEncoder;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
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

    @Test
    void noSignInOrSignOutRedirectsToAnAddressTheClientDidNotRegister() throws Exception {
        URI issuer = start();
        HttpClient browser = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER).build();
        // RFC 9700 §4.1.3: redirect URIs match exactly (a loopback one on any port, RFC 8252 §7.3)
        List<String> foreign = List.of("https://evil.test/eventual-cli", "http://127.0.0.1.evil.test/eventual-cli",
                "http://evil.test@127.0.0.1/eventual-cli", "http://127.0.0.1/eventual-cli/../evil",
                "http://127.0.0.1/eventual-cli?next=https://evil.test", "//evil.test/eventual-cli");
        for (String redirect : foreign) {
            HttpResponse<String> answer = browser.send(HttpRequest.newBuilder(issuer.resolve("/oauth2/authorize?response_type=code"
                    + "&client_id=eventual-cli&scope=openid&code_challenge_method=S256"
                    + "&code_challenge=E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM&state=s"
                    + "&redirect_uri=" + URLEncoder.encode(redirect, StandardCharsets.UTF_8))).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(answer.statusCode()).as(redirect).isEqualTo(400);
            assertThat(answer.headers().firstValue("Location")).as(redirect).isEmpty();
        }
        HttpResponse<String> signOut = browser.send(HttpRequest.newBuilder(issuer.resolve(
                "/connect/logout?client_id=eventual-cli&post_logout_redirect_uri=https%3A%2F%2Fevil.test%2F")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(signOut.headers().firstValue("Location").orElse("")).as("sign-out").doesNotContain("evil.test");
        HttpResponse<String> login = browser.send(HttpRequest.newBuilder(issuer.resolve(
                "/login?redirect=https%3A%2F%2Fevil.test%2F&continue=https%3A%2F%2Fevil.test%2F")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(login.headers().firstValue("Location").orElse("")).as("login page").doesNotContain("evil.test");
    }

    @Test
    void aRefusedSignInIsAPageThatSaysWhyAndTheErrorPathIsNoAddress() throws Exception {
        URI issuer = start();
        HttpClient browser = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER).build();
        String authorize = "/oauth2/authorize?response_type=code&scope=openid&code_challenge_method=S256"
                + "&code_challenge=E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM&state=s";

        // the console opened at localhost where 127.0.0.1 is registered: the address is named, and the way out
        HttpResponse<String> otherName = page(browser, issuer.resolve(authorize + "&client_id=eventual-cli&redirect_uri="
                + URLEncoder.encode("http://localhost/eventual-cli", StandardCharsets.UTF_8)));
        assertThat(otherName.statusCode()).isEqualTo(400);
        assertThat(otherName.headers().firstValue("Content-Type")).hasValueSatisfying(type -> assertThat(type).startsWith("text/html"));
        assertThat(otherName.body()).doesNotContain("Whitelabel").contains("400 \u00b7 Bad Request",
                "The application \u201ceventual-cli\u201d asked to be sent back to \u201chttp://localhost/eventual-cli\u201d,"
                        + " an address not registered for it", "localhost for 127.0.0.1");

        HttpResponse<String> unknownClient = page(browser, issuer.resolve(authorize + "&client_id=nobody&redirect_uri="
                + URLEncoder.encode("https://evil.test/<b>", StandardCharsets.UTF_8)));
        assertThat(unknownClient.statusCode()).isEqualTo(400);
        assertThat(unknownClient.body()).contains("No application is registered here as \u201cnobody\u201d");
        HttpResponse<String> markup = page(browser, issuer.resolve(authorize + "&client_id=eventual-cli&redirect_uri="
                + URLEncoder.encode("https://evil.test/<b>x</b>", StandardCharsets.UTF_8)));
        assertThat(markup.statusCode()).isEqualTo(400);
        assertThat(markup.body()).contains("https://evil.test/&lt;b&gt;x&lt;/b&gt;").doesNotContain("<b>");

        HttpResponse<String> errorPath = browser.send(HttpRequest.newBuilder(issuer.resolve("/error")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(errorPath.statusCode()).as(errorPath.body()).isEqualTo(404);
        assertThat(errorPath.body()).contains("\"status\":404");
        HttpResponse<String> errorPage = page(browser, issuer.resolve("/error"));
        assertThat(errorPage.statusCode()).isEqualTo(404);
        assertThat(errorPage.body()).contains("404 \u00b7 Not Found", "There is nothing at this address.");
    }

    private static HttpResponse<String> page(HttpClient browser, URI uri) throws IOException, InterruptedException {
        return browser.send(HttpRequest.newBuilder(uri).header("Accept", "text/html").build(), HttpResponse.BodyHandlers.ofString());
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
