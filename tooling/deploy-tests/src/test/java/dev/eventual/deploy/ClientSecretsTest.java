package dev.eventual.deploy;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EnvVar;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The services' OAuth2 clients (docs/security.md, "Services prove who they are") in compose and the
 * Kubernetes kit: the auth-server gets every client-credentials client's secret, each calling service
 * only its own (as {@code EVENTUAL_CLIENT_SECRET}, under the client id the auth-server registers that
 * secret for), order-service none, and the shared service token they replaced is gone.
 */
class ClientSecretsTest {

    private static final String AUTH = "auth-server";
    private static final String CLIENTS = "spring.security.oauth2.authorizationserver.client";
    private static final String OWN_CLIENT = "spring.security.oauth2.client.registration.eventual-service";
    private static final String OWN_SECRET = "EVENTUAL_CLIENT_SECRET";
    /** The calling services of the stack, by compose service, with their module (both reconcile replicas). */
    private static final Map<String, String> CALLERS = Map.of(
            "inventory-service", "inventory-service",
            "notice-service", "notice-service",
            "reconcile-job-1", "reconcile-job",
            "reconcile-job-2", "reconcile-job");
    private static final List<String> GONE = List.of("EVENTUAL_SERVICE_TOKEN", "X-Eventual-Service-Token", "service-token");

    private final Compose compose = Compose.load();

    @Test
    void theAuthServerRegistersOneClientCredentialsClientPerCallerAndThePaymentProvider() {
        assertThat(clientSecretVariables()).as("client id -> the variable of its secret in auth-server.yml")
                .containsOnlyKeys("inventory-service", "notice-service", "reconcile-job", "payment-provider")
                .allSatisfy((client, variable) -> assertThat(variable).matches("EVENTUAL_[A-Z_]+_CLIENT_SECRET"));
    }

    @Test
    void composeGivesTheAuthServerEverySecret() {
        Map<String, String> environment = compose.environment(AUTH);
        clientSecretVariables().values().forEach(variable ->
                assertThat(environment.get(variable)).as(AUTH + " " + variable).isEqualTo(required(variable)));
    }

    @Test
    void composeGivesEachCallingServiceItsOwnSecretOnly() {
        Map<String, String> secrets = clientSecretVariables();
        CALLERS.forEach((name, module) -> {
            String clientId = SpringService.ofModule(module).ymlDefault(OWN_CLIENT + ".client-id");
            assertThat(SpringService.ofModule(module).ymlPlaceholder(OWN_CLIENT + ".client-secret")).isEqualTo(OWN_SECRET);
            assertThat(secrets).as("the auth-server has a client " + clientId).containsKey(clientId);
            assertThat(compose.environment(name).get(OWN_SECRET)).as(name + " " + OWN_SECRET)
                    .isEqualTo(required(secrets.get(clientId)));
            assertThat(secretsReadBy(name)).as(name + ": the client secrets of .env it gets")
                    .containsExactly(secrets.get(clientId));
        });
    }

    @Test
    void noOtherServiceOfTheStackGetsAClientSecret() {
        // preflight gets every secret of .env, to refuse placeholders and weak ones, and starts nothing with them
        compose.services().keySet().stream().filter(name -> !Set.of(AUTH, "preflight").contains(name) && !CALLERS.containsKey(name)).forEach(name -> {
            assertThat(secretsReadBy(name)).as(name + " gets no client secret").isEmpty();
            assertThat(compose.environment(name)).as(name).doesNotContainKey(OWN_SECRET);
        });
        // it calls no other service: no client of its own, and nothing to hold
        assertThat(SpringService.ORDER.yml().toString()).doesNotContain("oauth2.client", "client-secret");
        assertThat(SpringService.at(SpringService.ORDER.yml(), "spring.security.oauth2.client")).isNull();
    }

    @ParameterizedTest
    @ValueSource(strings = {"dev-single", "ha"})
    void theKitGivesTheAuthServerEverySecretAndEachCallingPodOnlyItsOwnKey(String overlay) {
        K8sKit kit = K8sKit.overlay(overlay);
        Map<String, String> secrets = clientSecretVariables();
        assertThat(secretKeys(kit, AUTH)).as(overlay + " " + AUTH)
                .containsExactlyInAnyOrderEntriesOf(identity(secrets.values()));
        for (String module : Set.copyOf(CALLERS.values())) {
            String clientId = SpringService.ofModule(module).ymlDefault(OWN_CLIENT + ".client-id");
            assertThat(secretKeys(kit, module)).as(overlay + " " + module)
                    .containsExactly(Map.entry(OWN_SECRET, secrets.get(clientId)));
        }
        kit.workloads().stream().filter(w -> !w.name().equals(AUTH) && !CALLERS.containsValue(w.name())).forEach(w ->
                w.containers().forEach(container -> assertThat(secretKeys(kit, w.name(), container))
                        .as(overlay + " " + w.name() + " reads no client secret").isEmpty()));
    }

    @ParameterizedTest
    @ValueSource(strings = {"dev-single", "ha"})
    void theKitRendersNoServiceToken(String overlay) {
        String rendered = K8sKit.render(overlay);
        GONE.forEach(old -> assertThat(rendered).as(overlay).doesNotContain(old));
    }

    @Test
    void theServiceTokenIsGoneFromEveryDeploymentFile() throws IOException {
        List<String> files = new ArrayList<>(List.of("docker-compose.yml", "docker-compose.demo.yml", ".env.example",
                "docs/docker-compose.md", "docs/configuration.md"));
        try (Stream<Path> deploy = Files.walk(Repository.path("deploy"))) {
            deploy.filter(Files::isRegularFile).forEach(file -> files.add(Repository.path("").relativize(file).toString()));
        }
        assertThat(files).hasSizeGreaterThan(20);
        files.forEach(file -> {
            String text = read(file);
            GONE.forEach(old -> assertThat(text).as(file).doesNotContainIgnoringCase(old));
        });
    }

    /** Client id -> the variable its secret comes from, for every client-credentials client of auth-server.yml. */
    private static Map<String, String> clientSecretVariables() {
        Map<String, String> secrets = new LinkedHashMap<>();
        Compose.map(SpringService.at(SpringService.AUTH.yml(), CLIENTS)).forEach((name, client) -> {
            Map<String, Object> registration = Compose.map(Compose.map(client).get("registration"));
            if (String.valueOf(registration.get("authorization-grant-types")).contains("client_credentials")) {
                secrets.put(registration.get("client-id").toString(),
                        SpringService.AUTH.ymlPlaceholder(CLIENTS + "." + name + ".registration.client-secret"));
            }
        });
        return secrets;
    }

    /** The client-credentials secrets of .env a compose service's environment interpolates. */
    private Set<String> secretsReadBy(String name) {
        Set<String> secrets = new LinkedHashSet<>();
        compose.environment(name).values().forEach(value -> {
            Matcher matcher = Compose.VARIABLE.matcher(String.valueOf(value));
            while (matcher.find()) {
                if (clientSecretVariables().containsValue(matcher.group(1))) {
                    secrets.add(matcher.group(1));
                }
            }
        });
        return secrets;
    }

    /** Variable -> Secret key, for the variables of a workload's main container that read a client secret. */
    private static Map<String, String> secretKeys(K8sKit kit, String workload) {
        return secretKeys(kit, workload, kit.workload(workload).container(workload));
    }

    private static Map<String, String> secretKeys(K8sKit kit, String workload, Container container) {
        Set<String> clientSecrets = Set.copyOf(clientSecretVariables().values());
        Map<String, String> keys = new LinkedHashMap<>();
        List<EnvVar> env = container.getEnv() == null ? List.of() : container.getEnv();
        env.stream().filter(v -> v.getValueFrom() != null && v.getValueFrom().getSecretKeyRef() != null)
                .filter(v -> clientSecrets.contains(v.getValueFrom().getSecretKeyRef().getKey()) || v.getName().equals(OWN_SECRET))
                .forEach(v -> keys.put(v.getName(), v.getValueFrom().getSecretKeyRef().getKey()));
        assertThat(container.getEnvFrom() == null ? List.of() : container.getEnvFrom())
                .as(kit.name() + " " + workload + ": no Secret handed out whole").noneMatch(source -> source.getSecretRef() != null);
        return keys;
    }

    private static Map<String, String> identity(Collection<String> names) {
        Map<String, String> map = new LinkedHashMap<>();
        names.forEach(name -> map.put(name, name));
        return map;
    }

    private static String required(String variable) {
        return "${" + variable + ":?set " + variable + " in .env (see .env.example)}";
    }

    private static String read(String file) {
        try {
            return Files.readString(Repository.path(file));
        } catch (IOException e) {
            throw new UncheckedIOException(file, e);
        }
    }
}
