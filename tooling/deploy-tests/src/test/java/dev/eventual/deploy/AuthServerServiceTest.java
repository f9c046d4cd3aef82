package dev.eventual.deploy;

import dev.eventual.auth.users.AuthUsersProperties;
import dev.eventual.auth.users.Role;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.ConfigurationPropertySources;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.env.SystemEnvironmentPropertySource;

import java.net.URI;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The auth-server in the stack: one issuer that the browser on the host and the containers both reach
 * (a *.localhost name, published on loopback and a network alias inside), accepted by every service
 * and replica; its people and the console's client secret from .env; its signing key in a volume; the
 * operators' console on reconcile-job-1 only.
 */
class AuthServerServiceTest {

    private static final String NAME = "auth-server";
    private static final String CONSOLE = "reconcile-job-1";
    private static final String ISSUER_URI = "spring.security.oauth2.resourceserver.jwt.issuer-uri";

    private final Compose compose = Compose.load();
    private final Map<String, String> environment = compose.environment(NAME);

    @Test
    void isBuiltLikeTheServicesAndWaitsOnlyForThePreflight() {
        assertThat(compose.builtModules()).containsEntry(NAME, SpringService.AUTH.module());
        assertThat(compose.buildArgs(NAME).get("HTTP_PORT")).isEqualTo(SpringService.AUTH.ymlDefault("server.port"));
        assertThat(compose.dependsOn(NAME)).containsExactly(Map.entry("preflight", "service_completed_successfully"));
        assertThat(compose.service(NAME).get("restart")).isEqualTo("unless-stopped");
    }

    @Test
    void theIssuerIsANameTheHostAndTheStackBothReachOnThePublishedPort() {
        String issuer = environment.get("EVENTUAL_ISSUER");
        URI uri = URI.create(issuer);
        assertThat(SpringService.AUTH.ymlPlaceholder("spring.security.oauth2.authorizationserver.issuer"))
                .isEqualTo("EVENTUAL_ISSUER");
        assertThat(uri.getScheme()).isEqualTo("http");
        assertThat(uri.getPath()).isEmpty();
        // browsers and curl resolve every *.localhost name to loopback (RFC 6761, section 6.3)
        assertThat(uri.getHost()).endsWith(".localhost");
        assertThat(compose.networkAliases(NAME)).containsExactly(uri.getHost());
        assertThat(compose.serviceReachedAs(uri.getHost())).isEqualTo(NAME);
        // the same port on the host's loopback (and nowhere else) as in the container
        String port = compose.buildArgs(NAME).get("HTTP_PORT");
        assertThat(String.valueOf(uri.getPort())).isEqualTo(port);
        assertThat(compose.strings(NAME, "ports")).containsExactly("127.0.0.1:" + port + ":" + port);
        // inside its container it listens on every interface, for the services
        assertThat(SpringService.AUTH.ymlPlaceholder("server.address")).isEqualTo("AUTH_SERVER_ADDRESS");
        assertThat(environment).containsEntry("AUTH_SERVER_ADDRESS", "0.0.0.0");
        // written once: the x-issuer anchor
        assertThat(compose.root().get("x-issuer")).isEqualTo(issuer);
    }

    @Test
    void everyServiceAndReplicaAcceptsTheTokensOfThatIssuerOnceItIsHealthy() {
        String issuer = environment.get("EVENTUAL_ISSUER");
        List<String> services = compose.builtModules().keySet().stream().filter(name -> !name.equals(NAME)).toList();
        assertThat(services).contains("order-service", "inventory-service", "notice-service", "reconcile-job-1", "reconcile-job-2");
        services.forEach(name -> {
            SpringService service = SpringService.ofModule(compose.builtModules().get(name));
            assertThat(service.ymlPlaceholder(ISSUER_URI)).as(service.module() + " " + ISSUER_URI).isEqualTo("EVENTUAL_ISSUER");
            assertThat(compose.environment(name)).as(name).containsEntry("EVENTUAL_ISSUER", issuer);
            assertThat(compose.dependsOn(name)).as(name).containsEntry(NAME, "service_healthy");
        });
    }

    @Test
    void theConsoleIsOnReconcileJob1OnlyAndBothSidesShareTheSecretVariable() {
        List<String> withConsole = compose.builtModules().keySet().stream()
                .filter(name -> compose.environment(name).containsKey("SPRING_PROFILES_ACTIVE")).toList();
        assertThat(withConsole).containsExactlyInAnyOrder(NAME, CONSOLE);
        withConsole.forEach(name -> assertThat(compose.environment(name)).containsEntry("SPRING_PROFILES_ACTIVE", "console"));
        compose.builtModules().keySet().stream().filter(name -> !withConsole.contains(name)).forEach(name ->
                assertThat(compose.environment(name)).as(name).doesNotContainKey("EVENTUAL_CONSOLE_CLIENT_SECRET"));

        // the client: its id and secret variable the same on both sides, the secret the same .env value
        Map<String, Object> server = SpringService.AUTH.profileDocument("console");
        Map<String, Object> client = SpringService.RECONCILE.profileDocument("console");
        String registration = "spring.security.oauth2.authorizationserver.client.eventual-console.registration.";
        assertThat(SpringService.at(client, "spring.security.oauth2.client.registration.eventual.client-id"))
                .isEqualTo(SpringService.at(server, registration + "client-id"));
        String serverSecret = SpringService.AUTH.placeholder(server, registration + "client-secret");
        String clientSecret = SpringService.RECONCILE.placeholder(client, "spring.security.oauth2.client.registration.eventual.client-secret");
        assertThat(serverSecret).isEqualTo(clientSecret).isEqualTo("EVENTUAL_CONSOLE_CLIENT_SECRET");
        assertThat(environment.get(serverSecret)).isEqualTo(compose.environment(CONSOLE).get(clientSecret))
                .isEqualTo("${EVENTUAL_CONSOLE_CLIENT_SECRET:?set EVENTUAL_CONSOLE_CLIENT_SECRET in .env (see .env.example)}");

        // the console's address, registered at the auth-server, is where the host reaches reconcile-job-1
        assertThat(SpringService.AUTH.ymlPlaceholders()).contains("EVENTUAL_CONSOLE_URL");
        URI console = URI.create(environment.get("EVENTUAL_CONSOLE_URL"));
        assertThat(console.getHost()).isEqualTo("127.0.0.1");
        assertThat(console.getPath()).isEmpty();
        assertThat(compose.strings(CONSOLE, "ports"))
                .containsExactly("127.0.0.1:" + console.getPort() + ":" + compose.buildArgs(CONSOLE).get("HTTP_PORT"));

        // the console reads the issuer's discovery document at start: the API's issuer, so it waits for it
        assertThat(SpringService.at(client, "spring.security.oauth2.client.provider.eventual.issuer-uri"))
                .isEqualTo("${" + ISSUER_URI + "}");
        assertThat(compose.dependsOn(CONSOLE)).containsEntry(NAME, "service_healthy");
    }

    @Test
    void itsPeopleAreOlgaAdamAndTheSyntheticCustomersWithThePasswordsOfEnv() {
        // compose's environment as the auth-server binds it, each .env variable given a value of its own
        Map<String, Object> variables = new LinkedHashMap<>();
        environment.forEach((variable, value) -> variables.put(variable, withEnv(value)));
        AuthUsersProperties people = new Binder(ConfigurationPropertySources.from(new SystemEnvironmentPropertySource(
                StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME, variables)))
                .bind("eventual.auth", AuthUsersProperties.class).get();

        assertThat(people.users()).containsOnlyKeys("olga", "adam");
        assertThat(people.users().get("olga"))
                .isEqualTo(new AuthUsersProperties.User("env-OPERATOR_PASSWORD", Role.OPERATOR, null));
        assertThat(people.users().get("adam"))
                .isEqualTo(new AuthUsersProperties.User("env-ADMIN_PASSWORD", Role.ADMIN, null));
        assertThat(people.syntheticCustomers().password()).isEqualTo("env-CUSTOMER_PASSWORD");
    }

    @Test
    void itsSigningKeyIsKeptInItsNamedVolume() {
        Path keyFile = Path.of(environment.get("EVENTUAL_AUTH_SIGNING_KEY_FILE"));
        assertThat(SpringService.AUTH.reads("EVENTUAL_AUTH_SIGNING_KEY_FILE")).isTrue();
        assertThat(compose.strings(NAME, "volumes")).singleElement().satisfies(volume -> {
            String[] parts = volume.split(":");
            assertThat(parts).hasSize(2);
            assertThat(Compose.map(compose.root().get("volumes"))).containsKey(parts[0]);
            assertThat(keyFile.getParent()).isEqualTo(Path.of(parts[1]));
        });
    }

    /** A value with each .env variable replaced by env-NAME. */
    private static String withEnv(String value) {
        Matcher matcher = Compose.VARIABLE.matcher(value);
        StringBuilder result = new StringBuilder();
        while (matcher.find()) {
            matcher.appendReplacement(result, Matcher.quoteReplacement("env-" + matcher.group(1)));
        }
        return matcher.appendTail(result).toString();
    }
}
