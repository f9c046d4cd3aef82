package dev.eventual.launcher.identity;

import dev.eventual.common.messaging.InternalAuth;
import dev.eventual.infra.Secrets;
import dev.eventual.signin.ClientCredentials;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;

/**
 * The local suite's confidential clients (docs/security.md, "Services prove who they are"): one per service
 * that calls another, and the payment provider's. Their secrets are generated per data directory, kept in a
 * file only its owner may read, given to the auth-server and each to its own service, and never printed:
 * {@code ./run-local.sh --token=payment-provider} gets the payment provider's token with it.
 */
public final class ServiceClients {

    /** A client auth-server.yml registers: its id, and the variable its secret comes in. */
    public enum Client {
        INVENTORY_SERVICE("inventory-service", "EVENTUAL_INVENTORY_SERVICE_CLIENT_SECRET", InternalAuth.SCOPE_REPORT_INVENTORY),
        NOTICE_SERVICE("notice-service", "EVENTUAL_NOTICE_SERVICE_CLIENT_SECRET", InternalAuth.SCOPE_REPORT_NOTICE),
        RECONCILE_JOB("reconcile-job", "EVENTUAL_RECONCILE_JOB_CLIENT_SECRET", InternalAuth.SCOPE_INVENTORY_REDRIVE,
                InternalAuth.SCOPE_STOCK_GATE, InternalAuth.SCOPE_NOTICE_REDRIVE, InternalAuth.SCOPE_CANCEL),
        PAYMENT_PROVIDER("payment-provider", "EVENTUAL_PAYMENT_PROVIDER_CLIENT_SECRET", InternalAuth.SCOPE_PAY);

        private final String id;
        private final String secretVariable;
        /** What its token asks for: every scope auth-server.yml registers it with. */
        private final List<String> scopes;

        Client(String id, String secretVariable, String... scopes) {
            this.id = id;
            this.secretVariable = secretVariable;
            this.scopes = List.of(scopes);
        }

        public String id() {
            return id;
        }

        /** The client with this id, if the suite has one. */
        public static Optional<Client> withId(String id) {
            return Arrays.stream(values()).filter(client -> client.id.equals(id)).findFirst();
        }

        /** The client of the service with this {@code spring.application.name}, if it calls other services. */
        static Optional<Client> ofService(String applicationName) {
            return Arrays.stream(values()).filter(client -> client != PAYMENT_PROVIDER && client.id.equals(applicationName)).findFirst();
        }
    }

    /** Under the data directory's {@code auth/}. */
    public static final String FILE = "clients.properties";
    private static final Duration TIMEOUT = Duration.ofSeconds(10);

    private final Map<Client, String> secrets;

    private ServiceClients(Map<Client, String> secrets) {
        this.secrets = secrets;
    }

    /** The secrets kept under {@code directory}, created at the first start (and always when not kept). */
    public static ServiceClients readOrCreate(Path directory, boolean keep) {
        Path file = directory.resolve(FILE);
        if (keep && Files.exists(file)) {
            return read(directory);
        }
        Map<Client, String> secrets = new EnumMap<>(Client.class);
        for (Client client : Client.values()) {
            secrets.put(client, Secrets.random());
        }
        ServiceClients clients = new ServiceClients(secrets);
        clients.store(file);
        return clients;
    }

    /** The secrets a running suite keeps under {@code directory}. */
    public static ServiceClients read(Path directory) {
        Properties properties = new Properties();
        try (Reader reader = Files.newBufferedReader(directory.resolve(FILE), StandardCharsets.UTF_8)) {
            properties.load(reader);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the clients' secrets in " + directory.resolve(FILE)
                    + " (is this the data directory of a suite that has run?)", e);
        }
        Map<Client, String> secrets = new EnumMap<>(Client.class);
        for (Client client : Client.values()) {
            secrets.put(client, properties.getProperty(client.id));
        }
        return new ServiceClients(secrets);
    }

    /** The auth-server's arguments: every client's secret. */
    public List<String> serverArgs() {
        List<String> args = new ArrayList<>();
        secrets.forEach((client, secret) -> args.add("--" + client.secretVariable + "=" + secret));
        return args;
    }

    /** A service's arguments: its own client's secret, none for a service that calls no other. */
    public List<String> serviceArgs(String applicationName) {
        return Client.ofService(applicationName).map(client -> List.of("--EVENTUAL_CLIENT_SECRET=" + secrets.get(client)))
                .orElse(List.of());
    }

    /** An access token of this client, from the suite's authorization server. */
    public String token(String issuer, Client client) {
        return ClientCredentials.of(URI.create(issuer), TIMEOUT).token(client.id, secrets.get(client), client.scopes).value();
    }

    private void store(Path file) {
        Properties properties = new Properties();
        secrets.forEach((client, secret) -> properties.setProperty(client.id, secret));
        OwnerOnlyFile.write(file, properties, "the local suite's clients' secrets (docs/security.md); delete to get new ones");
    }
}
