package dev.eventual.deploy;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * docker-compose.demo.yml, the walk-through's short timings: layered over the stack, it may only
 * change the environment of services the stack has, with variables those services read, and
 * must leave every secret to .env.
 */
class DemoOverrideTest {

    private static final String FILE = "docker-compose.demo.yml";

    private final Compose stack = Compose.load();
    private final Compose demo = Compose.parse(Repository.read(FILE));

    @Test
    void overridesOnlyTheEnvironmentOfServicesTheStackHas() {
        assertThat(demo.root()).as("top-level keys").containsOnlyKeys("services");
        assertThat(demo.services()).isNotEmpty().allSatisfy((name, service) -> {
            assertThat(stack.services()).as(FILE + " names " + name).containsKey(name);
            assertThat(service).as(name).containsOnlyKeys("environment");
        });
    }

    @Test
    void everyVariableIsOneTheServiceReads() {
        demo.services().keySet().forEach(name -> {
            SpringService service = SpringService.ofModule(stack.builtModules().get(name));
            assertThat(demo.environment(name)).as(name).isNotEmpty().allSatisfy((variable, value) -> {
                assertThat(service.reads(variable)).as("%s sets %s, which %s never reads", name, variable, service.module())
                        .isTrue();
                assertThat(value).as(name + " " + variable).isNotBlank().doesNotContain("${");
            });
        });
    }

    @Test
    void setsTheWalkThroughsTimingsAndTheShortUnpaidTimeoutOnBothExecutors() {
        assertThat(demo.environment("order-service")).containsEntry("EVENTUAL_ORDER_RECONCILE_DELAY", "5s");
        Map<String, String> timings = Map.of("RECONCILE_MAX_RETRIES", "2", "EVENTUAL_RECONCILE_BACKOFF", "3s",
                "EVENTUAL_RECONCILE_UNPAID_TIMEOUT", "10m");
        stack.builtModules().forEach((name, module) -> {
            if ("reconcile-job".equals(module)) {
                assertThat(demo.environment(name)).as(name).containsExactlyInAnyOrderEntriesOf(timings);
            }
        });
    }

    @Test
    void theDocumentedCommandLayersItOverTheStack() {
        String command = "docker compose -f docker-compose.yml -f " + FILE + " up -d";
        assertThat(Repository.read(FILE)).contains(command);
        assertThat(Repository.read("docs/docker-compose.md")).contains(command);
        assertThat(Repository.read("docs/running-locally.md")).contains(command);
    }
}
