package dev.eventual.deploy;

import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/** .env.example names every variable compose reads, and none of its secret placeholders is accepted. */
class EnvFileTest {

    private static final Pattern ACTIVE = Pattern.compile("(?m)^([A-Z0-9_]+)=(.*)$");
    private static final Pattern COMMENTED = Pattern.compile("(?m)^# ([A-Z0-9_]+)=(\\S+)$");
    private static final String PREFLIGHT = "deploy/preflight/check-secrets.sh";

    private final Compose compose = Compose.load();
    private final String example = Repository.read(".env.example");

    @Test
    void coversEveryVariableComposeUses() {
        Map<String, String> active = entries(ACTIVE);
        Map<String, String> commented = entries(COMMENTED);
        compose.variables().forEach(variable -> {
            if (variable.required()) {
                assertThat(active).as("a line %s=... in .env.example", variable.name()).containsKey(variable.name());
            } else {
                assertThat(commented).as("a line '# %s=<default>' in .env.example", variable.name())
                        .containsEntry(variable.name(), variable.argument());
            }
        });
        assertThat(active.keySet()).as("every secret in .env.example is used")
                .allSatisfy(name -> assertThat(compose.variables()).anySatisfy(variable ->
                        assertThat(variable.name()).isEqualTo(name)));
    }

    @Test
    void theRealEnvFileStaysOutOfGit() {
        assertThat(Repository.read(".gitignore").lines()).contains(".env");
    }

    @Test
    void preflightChecksEverySecretOfTheExample() {
        assertThat(compose.strings("preflight", "command"))
                .containsExactlyInAnyOrderElementsOf(entries(ACTIVE).keySet());
        assertThat(compose.environment("preflight").keySet())
                .containsExactlyInAnyOrderElementsOf(entries(ACTIVE).keySet());
    }

    @Test
    void preflightChecksEverySecretComposeRequires() {
        List<String> required = compose.variables().stream().filter(Compose.Variable::required)
                .map(Compose.Variable::name).distinct().toList();
        assertThat(required).contains("OPERATOR_PASSWORD", "ADMIN_PASSWORD", "CUSTOMER_PASSWORD", "EVENTUAL_CONSOLE_CLIENT_SECRET");
        assertThat(compose.strings("preflight", "command")).containsAll(required);
        assertThat(compose.environment("preflight")).allSatisfy((name, value) ->
                assertThat(value).as(name).isEqualTo("${" + name + ":?set " + name + " in .env (see .env.example)}"));
        assertThat(compose.environment("preflight").keySet()).containsExactlyInAnyOrderElementsOf(required);
    }

    @Test
    void everyServiceHoldingASecretWaitsForThePreflight() {
        compose.services().keySet().stream().filter(name -> !name.equals("preflight")).forEach(name -> {
            boolean holdsSecret = compose.environment(name).values().stream().filter(Objects::nonNull)
                    .anyMatch(value -> Compose.VARIABLE.matcher(value).results().anyMatch(variable -> ":?".equals(variable.group(2))));
            if (holdsSecret) {
                assertThat(waitsFor(name, "preflight", new HashSet<>())).as(name + " waits for preflight").isTrue();
            }
        });
    }

    /** Whether a service depends on the target, directly or through the services it depends on. */
    private boolean waitsFor(String name, String target, Set<String> seen) {
        if (!seen.add(name)) {
            return false;
        }
        Map<String, String> dependencies = compose.dependsOn(name);
        return dependencies.containsKey(target)
                || dependencies.keySet().stream().anyMatch(dependency -> waitsFor(dependency, target, seen));
    }

    @Test
    void preflightRefusesEveryPlaceholderOfTheExample() {
        entries(ACTIVE).forEach((name, placeholder) -> {
            Shell.Result result = Shell.run(Map.of(name, placeholder), Shell.sh(PREFLIGHT, name));
            assertThat(result.exitCode()).as(name + "=" + placeholder + ": " + result.output()).isEqualTo(1);
            assertThat(result.output()).contains(name);
        });
    }

    @Test
    void preflightAcceptsStrongSecretsOnly() {
        Map<String, String> strong = new HashMap<>();
        entries(ACTIVE).keySet().forEach(name -> strong.put(name, "f3a9c1d27be04e5a8c6d" + name.length()));
        String[] names = strong.keySet().toArray(String[]::new);
        Shell.Result accepted = Shell.run(strong, Shell.sh(PREFLIGHT, names));
        assertThat(accepted.exitCode()).as(accepted.output()).isZero();

        for (String weak : List.of("", "0123456789abcde", "0123456789abcdef'; DROP", "has spaces 0123456789", "CHANGE-ME-0123456789")) {
            Map<String, String> environment = new HashMap<>(strong);
            environment.put(names[0], weak);
            Shell.Result refused = Shell.run(environment, Shell.sh(PREFLIGHT, names));
            assertThat(refused.exitCode()).as("'" + weak + "' accepted: " + refused.output()).isEqualTo(1);
        }
    }

    private Map<String, String> entries(Pattern pattern) {
        Map<String, String> entries = new LinkedHashMap<>();
        Matcher matcher = pattern.matcher(example);
        while (matcher.find()) {
            entries.put(matcher.group(1), matcher.group(2));
        }
        return entries;
    }
}
