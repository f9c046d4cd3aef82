package dev.eventual.launcher.identity;

import dev.eventual.auth.AuthServerApplication;
import dev.eventual.signin.CodeFlowLogin;
import dev.eventual.launcher.SuiteInfrastructure;
import dev.eventual.launcher.logging.ServiceLabel;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.context.ConfigurableApplicationContext;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The suite's authorization server, its demo users and its clients: started before the services, which
 * check every token against it and get their own clients' tokens from it, and stopped after them. Its
 * signing key, the users' passwords and the clients' secrets live in the data directory ({@code auth/}),
 * never in the repository.
 */
public final class SuiteIdentity implements AutoCloseable {

    /** The auth-server's port in {@code ./run-local.sh}. */
    public static final int PORT = 9000;
    static final String SERVICE_ID = "auth-server";
    private static final Duration TIMEOUT = Duration.ofSeconds(10);

    private final ConfigurableApplicationContext server;
    private final String issuer;
    private final DemoUsers users;
    private final ServiceClients clients;

    private SuiteIdentity(ConfigurableApplicationContext server, String issuer, DemoUsers users, ServiceClients clients) {
        this.server = server;
        this.issuer = issuer;
        this.users = users;
        this.clients = clients;
    }

    /**
     * @param port 0 picks a free one (tests)
     * @param keep true keeps the signing key, the passwords and the clients' secrets of earlier starts
     */
    public static SuiteIdentity start(Path dataDirectory, String bindAddress, int port, boolean keep, List<String> extraArgs) {
        Path directory = dataDirectory.resolve("auth").toAbsolutePath();
        DemoUsers users = DemoUsers.readOrCreate(directory, keep);
        ServiceClients clients = ServiceClients.readOrCreate(directory, keep);
        int chosen = port == 0 ? freePort() : port;
        String issuer = issuer(chosen);
        List<String> args = new ArrayList<>(List.of("--server.port=" + chosen, "--server.address=" + bindAddress,
                // its health and metrics on loopback, at 9000 + 1000 (auth-server.yml) or a free port
                "--management.server.port=" + SuiteInfrastructure.managementPort(port),
                "--spring.security.oauth2.authorizationserver.issuer=" + issuer,
                "--eventual.auth.signing-key-file=" + directory.resolve(keep ? "signing-key.json" : "signing-key-" + chosen + ".json")));
        args.addAll(users.serverArgs());
        args.addAll(clients.serverArgs());
        args.addAll(extraArgs);
        ServiceLabel.servicePort(SERVICE_ID, chosen);
        ConfigurableApplicationContext server = ServiceLabel.startingAs(SERVICE_ID, () -> AuthServerApplication.application()
                .registerShutdownHook(false).run(args.toArray(String[]::new)));
        return new SuiteIdentity(server, issuer, users, clients);
    }

    /** What a local suite on {@code port} puts in every token's {@code iss}. */
    public static String issuer(int port) {
        return "http://127.0.0.1:" + port;
    }

    /** Where it serves health and Prometheus (its sign-in failures): its management port, on loopback. */
    public int managementPort() {
        return Integer.parseInt(server.getEnvironment().getRequiredProperty("local.management.port"));
    }

    public String issuer() {
        return issuer;
    }

    public DemoUsers users() {
        return users;
    }

    public ServiceClients clients() {
        return clients;
    }

    /**
     * How many access tokens the auth-server has issued to this client ({@code eventual.auth.tokens.issued}):
     * the work counter of docs/security.md, "The flows" (about one per token lifetime per service, none per order).
     */
    public long tokensIssuedTo(String clientId) {
        return Math.round(server.getBean(MeterRegistry.class).find("eventual.auth.tokens.issued").tag("client", clientId)
                .counters().stream().mapToDouble(Counter::count).sum());
    }

    /**
     * An access token for a demo person or {@code customer:<id>}, by the code flow through the login form,
     * or for one of the suite's clients ({@code payment-provider}, {@code reconcile-job}, ...), by the
     * client-credentials grant with every scope the client has.
     */
    public String token(String who) {
        return token(issuer, users, clients, who);
    }

    /** The same against a running suite, with the passwords and secrets its data directory keeps. */
    public static String token(String issuer, DemoUsers users, ServiceClients clients, String who) {
        Optional<ServiceClients.Client> client = ServiceClients.Client.withId(who);
        if (client.isPresent()) {
            return clients.token(issuer, client.get());
        }
        String username = who.startsWith("customer:") ? "customer-" + who.substring("customer:".length()) : who;
        return new CodeFlowLogin(URI.create(issuer), TIMEOUT).signIn(username, users.passwordOf(username)).value();
    }

    @Override
    public void close() {
        server.close();
    }

    private static int freePort() {
        try (ServerSocket probe = new ServerSocket(0)) {
            return probe.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
