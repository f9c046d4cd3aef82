package dev.eventual.auth;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import dev.eventual.signin.ClientCredentials;
import dev.eventual.signin.CodeFlowLogin;
import dev.eventual.signin.LoginRefusedException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.security.oauth2.jwt.JwtDecoder;
import org.springframework.security.oauth2.jwt.JwtDecoders;

import java.io.IOException;
import java.net.CookieManager;
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
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.LongStream;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

/**
 * The real authorization server on a port of its own: users sign in through its login form by the
 * authorization code flow with PKCE, and the tokens it signs say who they are, to whom and for whom;
 * guessing at the form is paused, logged and counted (docs/security.md, "Sign-in guessing").
 */
class AuthServerIT {

    private static final String ALICE_PASSWORD = "alice-password-0123456789";
    private static final String SYNTHETIC_PASSWORD = "synthetic-password-0123456789";
    private static final String OLGA_PASSWORD = "olga-password-0123456789";
    /** The confidential clients auth-server.yml registers, with the scopes each may have, and their test secrets. */
    private static final Map<String, List<String>> CLIENTS = Map.of(
            "inventory-service", List.of("orders.report.inventory"),
            "notice-service", List.of("orders.report.notice"),
            "reconcile-job", List.of("inventory.gate", "inventory.redrive", "notices.redrive", "orders.cancel"),
            "payment-provider", List.of("orders.pay"));
    private static final Pattern CSRF = Pattern.compile("name=\"_csrf\"[^>]*value=\"([^\"]+)\"");
    private static final Pattern SIGN_IN_FAILURES = Pattern.compile(
            "^eventual_auth_sign_in_failures_total\\{[^}]*outcome=\"([^\"]+)\"[^}]*} (\\S+)", Pattern.MULTILINE);
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

        Jwt olga = decoder.decode(login.signIn("olga", OLGA_PASSWORD).value());
        assertThat(olga.getClaimAsStringList("roles")).containsExactly("operator");
        assertThat(olga.hasClaim("customer_id")).isFalse();

        Jwt synthetic = decoder.decode(login.signIn("customer-4242", SYNTHETIC_PASSWORD).value());
        assertThat(synthetic.getClaimAsStringList("roles")).containsExactly("customer");
        assertThat(synthetic.<Number>getClaim("customer_id").longValue()).isEqualTo(4242L);

        assertThatThrownBy(() -> login.signIn("alice", "wrong-password-0123456789"))
                .isInstanceOf(LoginRefusedException.class).hasMessageContaining("refused the username or password");
        assertThatThrownBy(() -> login.signIn("customer-0", SYNTHETIC_PASSWORD)).isInstanceOf(LoginRefusedException.class);
        // alice is customer 1: no synthetic customer has her id, so the shared password opens none of her orders
        assertThatThrownBy(() -> login.signIn("customer-1", SYNTHETIC_PASSWORD)).isInstanceOf(LoginRefusedException.class);
        assertThatThrownBy(() -> login.signIn("mallory", SYNTHETIC_PASSWORD)).isInstanceOf(LoginRefusedException.class);

        HttpResponse<String> health = HttpClient.newHttpClient().send(
                HttpRequest.newBuilder(management().resolve("/actuator/health")).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(health.statusCode()).as("probes need no login").isEqualTo(200);
        // on the management port only (docs/operations.md, "The management port")
        HttpResponse<String> onTheApiPort = HttpClient.newHttpClient().send(
                HttpRequest.newBuilder(issuer.resolve("/actuator/prometheus")).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(onTheApiPort.statusCode()).isNotEqualTo(200);
    }

    @Test
    void manyUsersSignInAtOnce() throws Exception {
        URI issuer = start();
        CodeFlowLogin login = new CodeFlowLogin(issuer, Duration.ofSeconds(30));
        JwtDecoder decoder = JwtDecoders.fromIssuerLocation(issuer.toString());
        ExecutorService pool = Executors.newFixedThreadPool(16);
        try {
            List<Future<String>> tokens = LongStream.rangeClosed(101, 148)
                    .mapToObj(id -> pool.submit(() -> login.signIn("customer-" + id, SYNTHETIC_PASSWORD).value())).toList();
            for (int i = 0; i < tokens.size(); i++) {
                assertThat(decoder.decode(tokens.get(i).get()).getSubject()).isEqualTo("customer-" + (i + 101));
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

    @Test
    void guessingIsPausedWithoutPasswordChecksLoggedAndCountedUntilTheWindowHasPassed() throws Exception {
        Duration window = Duration.ofSeconds(10);
        URI issuer = start(freePort(), "--eventual.auth.sign-in-throttle.window=" + window.toSeconds() + "s",
                "--eventual.auth.sign-in-throttle.failures-per-address=8");
        ListAppender<ILoggingEvent> lines = capture("dev.eventual.auth.throttle");
        try {
            assertThat(signInFailures()).as("before any sign-in, for Prometheus's increase()")
                    .isEqualTo(Map.of("bad-credentials", 0.0, "throttled", 0.0));
            HttpClient guesser = HttpClient.newBuilder().cookieHandler(new CookieManager())
                    .followRedirects(HttpClient.Redirect.NEVER).build();
            String csrf = csrf(guesser, issuer);
            CodeFlowLogin login = new CodeFlowLogin(issuer, Duration.ofSeconds(10));

            // 100 guesses at olga's password through the login form, as a browser posts it
            Instant firstGuess = Instant.now();
            List<String> guesses = new ArrayList<>();
            for (int i = 0; i < 100; i++) {
                guesses.add("guess-" + i + "-0123456789");
            }
            List<HttpResponse<String>> answers = new ArrayList<>();
            for (String guess : guesses) {
                answers.add(postLogin(guesser, issuer, "olga", guess, csrf, "text/html"));
            }
            assertThat(answers.subList(0, 5)).as("checked: back to the form").allSatisfy(answer -> {
                assertThat(answer.statusCode()).isEqualTo(302);
                assertThat(answer.headers().firstValue("Location")).hasValueSatisfying(location -> assertThat(location).endsWith("/login?error"));
            });
            assertThat(answers.subList(5, 100)).as("refused unchecked: a page that says why and until when").allSatisfy(answer -> {
                assertThat(answer.statusCode()).isEqualTo(429);
                assertThat(answer.headers().firstValue("Content-Type")).hasValueSatisfying(type -> assertThat(type).startsWith("text/html"));
                assertThat(answer.body()).contains("429 \u00b7 Too Many Requests",
                        "Too many failed sign-ins for this user name. Sign-in is paused: try again in");
                assertRetryAfterWithin(answer, window);
            });
            HttpResponse<String> program = postLogin(guesser, issuer, "olga", "guess-json-0123456789", csrf, "application/json");
            assertThat(program.statusCode()).as("a caller that is no browser").isEqualTo(429);
            assertThat(program.body()).contains("\"status\":429");
            assertRetryAfterWithin(program, window);
            assertThatThrownBy(() -> login.signIn("olga", OLGA_PASSWORD)).as("the right password while paused")
                    .isInstanceOf(LoginRefusedException.class);

            // five passwords checked, the rest refused unchecked: each a log line with the name and address, never the password
            assertThat(signInFailures()).isEqualTo(Map.of("bad-credentials", 5.0, "throttled", 97.0));
            List<String> logged = lines.list.stream().map(ILoggingEvent::getFormattedMessage).toList();
            assertThat(logged).filteredOn(line -> line.startsWith("Sign-in failed: wrong password or unknown user name \"olga\" from 127.0.0.1"))
                    .hasSize(5);
            assertThat(logged).filteredOn(line -> line.startsWith("Sign-in refused without a password check: user name \"olga\""
                    + " from 127.0.0.1; the user name failed too often")).hasSize(97);
            assertThat(logged).noneMatch(line -> Stream.concat(guesses.stream(), Stream.of(OLGA_PASSWORD, "guess-json")).anyMatch(line::contains));

            // other names from the same address: eight failures in all pause the address, whatever the name
            for (int i = 0; i < 3; i++) {
                postLogin(guesser, issuer, "alice", "alice-guess-" + i + "-0123456789", csrf, "text/html");
            }
            HttpResponse<String> anotherName = postLogin(guesser, issuer, "adam", "adam-guess-0123456789", csrf, "text/html");
            assertThat(anotherName.statusCode()).isEqualTo(429);
            assertThat(anotherName.body()).contains("Too many failed sign-ins from your address. Sign-in is paused: try again in");
            assertThatThrownBy(() -> login.signIn("alice", ALICE_PASSWORD)).as("alice's right password from that address")
                    .isInstanceOf(LoginRefusedException.class);
            assertThat(signInFailures()).isEqualTo(Map.of("bad-credentials", 8.0, "throttled", 99.0));

            // unpaused by time alone: the right password works once the window of the first failure has passed
            String token = await().atMost(window.plusSeconds(15)).pollInterval(Duration.ofMillis(500))
                    .ignoreException(LoginRefusedException.class).until(() -> login.signIn("olga", OLGA_PASSWORD).value(), Objects::nonNull);
            assertThat(Duration.between(firstGuess, Instant.now())).isGreaterThanOrEqualTo(window);
            assertThat(JwtDecoders.fromIssuerLocation(issuer.toString()).decode(token).getSubject()).isEqualTo("olga");
            assertThat(login.signIn("alice", ALICE_PASSWORD).value()).isNotBlank();
        } finally {
            ((Logger) LoggerFactory.getLogger("dev.eventual.auth.throttle")).detachAppender(lines);
        }
    }

    private static HttpResponse<String> page(HttpClient browser, URI uri) throws IOException, InterruptedException {
        return browser.send(HttpRequest.newBuilder(uri).header("Accept", "text/html").build(), HttpResponse.BodyHandlers.ofString());
    }

    private static void assertRetryAfterWithin(HttpResponse<String> answer, Duration window) {
        assertThat(answer.headers().firstValue("Retry-After")).hasValueSatisfying(seconds ->
                assertThat(Long.parseLong(seconds)).isBetween(1L, window.toSeconds()));
    }

    private static String csrf(HttpClient browser, URI issuer) throws IOException, InterruptedException {
        Matcher csrf = CSRF.matcher(page(browser, issuer.resolve("/login")).body());
        assertThat(csrf.find()).as("the login form's CSRF token").isTrue();
        return csrf.group(1);
    }

    private static HttpResponse<String> postLogin(HttpClient browser, URI issuer, String username, String password, String csrf,
                                                  String accept) throws IOException, InterruptedException {
        String form = "username=" + URLEncoder.encode(username, StandardCharsets.UTF_8) + "&password="
                + URLEncoder.encode(password, StandardCharsets.UTF_8) + "&_csrf=" + URLEncoder.encode(csrf, StandardCharsets.UTF_8);
        return browser.send(HttpRequest.newBuilder(issuer.resolve("/login")).header("Accept", accept)
                .header("Content-Type", "application/x-www-form-urlencoded").POST(HttpRequest.BodyPublishers.ofString(form)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    /** eventual.auth.sign-in.failures by outcome, as Prometheus scrapes it. */
    private Map<String, Double> signInFailures() throws IOException, InterruptedException {
        HttpResponse<String> scrape = HttpClient.newHttpClient().send(HttpRequest.newBuilder(management().resolve("/actuator/prometheus")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(scrape.statusCode()).as(scrape.body()).isEqualTo(200);
        Map<String, Double> counts = new TreeMap<>();
        Matcher sample = SIGN_IN_FAILURES.matcher(scrape.body());
        while (sample.find()) {
            counts.put(sample.group(1), Double.parseDouble(sample.group(2)));
        }
        return counts;
    }

    /** Started after the server: Spring Boot sets logging up afresh as it starts. */
    private static ListAppender<ILoggingEvent> capture(String loggerName) {
        ListAppender<ILoggingEvent> lines = new ListAppender<>();
        lines.start();
        ((Logger) LoggerFactory.getLogger(loggerName)).addAppender(lines);
        return lines;
    }

    private static String secretOf(String client) {
        return client + "-secret-0123456789";
    }

    @Test
    void eachClientGetsATokenWithItsOwnScopesOnlyAndNothingElse() throws Exception {
        URI issuer = start();
        JwtDecoder decoder = JwtDecoders.fromIssuerLocation(issuer.toString());
        ClientCredentials clients = ClientCredentials.of(issuer, Duration.ofSeconds(10));

        for (Map.Entry<String, List<String>> client : CLIENTS.entrySet()) {
            Jwt token = decoder.decode(clients.token(client.getKey(), secretOf(client.getKey()), client.getValue()).value());
            assertThat(token.getSubject()).isEqualTo(client.getKey());
            assertThat(token.getClaimAsStringList("scope")).as(client.getKey()).containsExactlyInAnyOrderElementsOf(client.getValue());
            assertThat(token.getAudience()).containsExactly("eventual");
            // no person's claims: a client is no role and no customer
            assertThat(token.getClaims()).doesNotContainKeys("roles", "customer_id");
            // counted where it is issued: the work counter of a service's token requests
            assertThat(server.getBean(io.micrometer.core.instrument.MeterRegistry.class).get("eventual.auth.tokens.issued")
                    .tag("client", client.getKey()).tag("grant", "client_credentials").counter().count()).isEqualTo(1.0);
        }
        // a wrong secret, another client's secret, and a scope the client was not given are all refused
        assertThatThrownBy(() -> clients.token("payment-provider", "guess-guess-guess-guess", List.of("orders.pay")))
                .isInstanceOf(LoginRefusedException.class).hasMessageContaining("401");
        assertThatThrownBy(() -> clients.token("payment-provider", secretOf("reconcile-job"), List.of("orders.pay")))
                .isInstanceOf(LoginRefusedException.class).hasMessageContaining("401");
        String basic = java.util.Base64.getEncoder().encodeToString(("payment-provider:" + secretOf("payment-provider"))
                .getBytes(StandardCharsets.UTF_8));
        HttpResponse<String> widened = HttpClient.newHttpClient().send(HttpRequest.newBuilder(issuer.resolve("/oauth2/token"))
                .header("Authorization", "Basic " + basic).header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString("grant_type=client_credentials&scope=orders.cancel")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(widened.statusCode()).as(widened.body()).isEqualTo(400);
        assertThat(widened.body()).contains("invalid_scope");
        // the public client of people's sign-ins has no client-credentials grant
        HttpResponse<String> cli = HttpClient.newHttpClient().send(HttpRequest.newBuilder(issuer.resolve("/oauth2/token"))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString("grant_type=client_credentials&client_id=eventual-cli")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(cli.statusCode()).as(cli.body()).isNotEqualTo(200);
        assertThat(cli.body()).doesNotContain("access_token");
    }

    @Test
    void refusesToStartWhileAClientHasNoSecretOfItsOwn() {
        // the variable left empty, and left out (the placeholder's text is no secret either)
        assertThatThrownBy(() -> start(freePort(), "--EVENTUAL_PAYMENT_PROVIDER_CLIENT_SECRET="))
                .hasStackTraceContaining("no secret of at least 16 characters for client payment-provider");
        assertThatThrownBy(() -> start(freePort(), "--EVENTUAL_RECONCILE_JOB_CLIENT_SECRET=short"))
                .hasStackTraceContaining("for client reconcile-job");
    }

    /** Where the running server's health and metrics are: its management port, a free one here. */
    private URI management() {
        return URI.create("http://127.0.0.1:" + server.getEnvironment().getRequiredProperty("local.management.port"));
    }

    private URI start() throws IOException {
        return start(freePort());
    }

    private static int freePort() throws IOException {
        try (ServerSocket probe = new ServerSocket(0)) {
            return probe.getLocalPort();
        }
    }

    private URI start(int port, String... settings) {
        String issuer = "http://127.0.0.1:" + port;
        List<String> arguments = new ArrayList<>(List.of(
                "--server.port=" + port,
                "--management.server.port=0",
                "--spring.security.oauth2.authorizationserver.issuer=" + issuer,
                "--eventual.auth.signing-key-file=" + keyFile,
                "--eventual.auth.users.alice.password=" + ALICE_PASSWORD,
                "--eventual.auth.users.alice.role=CUSTOMER",
                "--eventual.auth.users.alice.customer-id=1",
                "--eventual.auth.users.olga.password=" + OLGA_PASSWORD,
                "--eventual.auth.users.olga.role=OPERATOR",
                "--eventual.auth.synthetic-customers.password=" + SYNTHETIC_PASSWORD));
        for (String client : CLIENTS.keySet()) {
            String variable = "--EVENTUAL_" + client.toUpperCase(java.util.Locale.ROOT).replace('-', '_') + "_CLIENT_SECRET=";
            // a test's own value replaces the secret (a repeated argument would join the two)
            if (Stream.of(settings).noneMatch(setting -> setting.startsWith(variable))) {
                arguments.add(variable + secretOf(client));
            }
        }
        arguments.addAll(List.of(settings));
        server = AuthServerApplication.application().run(arguments.toArray(String[]::new));
        return URI.create(issuer);
    }
}
