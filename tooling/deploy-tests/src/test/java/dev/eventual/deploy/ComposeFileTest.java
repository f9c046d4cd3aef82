package dev.eventual.deploy;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/** The compose file's shape: images, ports, mounts, start order and secrets. */
class ComposeFileTest {

    /** An overridable image with a pinned default: ${X_IMAGE:-name:tag}, never :latest. */
    private static final Pattern OVERRIDABLE_IMAGE = Pattern.compile("\\$\\{[A-Z0-9_]+_IMAGE:-[^}:]+:(?!latest})[^}]+}");
    /** A secret-looking key given a value in place, e.g. password=abc (interpolations removed first). */
    private static final Pattern LITERAL_SECRET = Pattern.compile("(?i)(password|token|secret)[\\w.-]*[\"']?=(?=\\S)");

    /** Settings that are no secret and have a safe default, with that default: the stock gate is off. */
    private static final Map<String, String> SWITCHES = Map.of("EVENTUAL_GATE_ENABLED", "false");

    private final Compose compose = Compose.load();

    @Test
    void parsesAndHasTheWholeStack() {
        assertThat(compose.services()).containsKeys("preflight", "mysql", "rocketmq-namesrv", "rocketmq-broker",
                "rocketmq-init", "xxl-job-admin", "mailpit", "auth-server", "order-service", "inventory-service",
                "notice-service", "reconcile-job-1", "reconcile-job-2", "checker");
        assertThat(compose.builtModules().values()).containsOnly(
                "auth-server", "order-service", "inventory-service", "notice-service", "reconcile-job");
    }

    @Test
    void everyImageIsOverridableWithAPinnedOfficialDefault() {
        compose.services().forEach((name, service) -> {
            if (service.containsKey("image")) {
                assertThat(service.get("image").toString()).as(name).matches(OVERRIDABLE_IMAGE);
            } else {
                assertThat(compose.buildArgs(name).get("JRE_IMAGE")).as(name + " base image").matches(OVERRIDABLE_IMAGE);
            }
        });
    }

    @Test
    void hostPortsAreDistinctAndOnLoopbackOnly() {
        Map<String, String> owners = new HashMap<>();
        compose.services().keySet().forEach(name -> compose.strings(name, "ports").forEach(mapping -> {
            String[] parts = mapping.split(":");
            assertThat(parts).as(name + " publishes " + mapping + " as ip:host:container").hasSize(3);
            assertThat(parts[0]).as(name + " " + mapping).isEqualTo("127.0.0.1");
            String previous = owners.put(parts[1], name);
            assertThat(previous).as("host port " + parts[1] + " of " + name).isNull();
        }));
        assertThat(owners).isNotEmpty();
    }

    @Test
    void everyMountedFileAndBuildContextExistsInTheRepository() {
        List<String> sources = new ArrayList<>();
        compose.services().forEach((name, service) -> {
            compose.strings(name, "volumes").stream()
                    .map(volume -> volume.split(":")[0])
                    .filter(source -> source.startsWith("."))
                    .forEach(sources::add);
            Map<String, Object> build = Compose.map(service.get("build"));
            if (!build.isEmpty()) {
                sources.add(build.get("context").toString());
                sources.add(build.get("context") + "/" + build.get("dockerfile"));
            }
        });
        compose.builtModules().values().forEach(module -> sources.add(module + "/pom.xml"));
        assertThat(sources).isNotEmpty().allSatisfy(source ->
                assertThat(Repository.path(source)).as(source).exists());
        assertThat(Repository.path("deploy/mysql/initdb").toFile().list()).as("init scripts mounted into MySQL").isNotEmpty();
    }

    @Test
    void startOrderConvergesOnHealthAndCompletion() {
        compose.services().forEach((name, service) -> compose.dependsOn(name).forEach((target, condition) -> {
            assertThat(compose.services()).as(name + " depends on " + target).containsKey(target);
            if ("service_completed_successfully".equals(condition)) {
                assertThat(isOneShot(target)).as(target + " must be a one-shot container").isTrue();
            } else {
                assertThat(condition).as(name + " -> " + target).isEqualTo("service_healthy");
                assertThat(hasHealthCheck(target)).as(target + " needs a health check").isTrue();
            }
        }));
    }

    @Test
    void everyLongRunningServiceHasAHealthCheckAndARestartPolicy() {
        compose.services().keySet().stream().filter(name -> !isOneShot(name)).forEach(name -> {
            assertThat(hasHealthCheck(name)).as(name).isTrue();
            assertThat(compose.service(name).get("restart")).as(name).isEqualTo("unless-stopped");
        });
    }

    @Test
    void secretsHaveNoDefaultAndNoLiteralValue() {
        compose.variables().forEach(variable -> {
            if (variable.hasDefault()) {
                assertThat(variable.name().endsWith("_IMAGE") || SWITCHES.containsKey(variable.name()))
                        .as("only images and the documented switches may have defaults: " + variable.name()).isTrue();
                if (SWITCHES.containsKey(variable.name())) {
                    assertThat(variable.argument()).as(variable.name()).isEqualTo(SWITCHES.get(variable.name()));
                }
            } else {
                assertThat(variable.required()).as("${" + variable.name() + "} must be ${NAME:?message}").isTrue();
            }
        });
        assertThat(compose.allValues()).map(value -> Compose.VARIABLE.matcher(value).replaceAll(""))
                .noneMatch(value -> LITERAL_SECRET.matcher(value).find());
    }

    private boolean isOneShot(String name) {
        return "no".equals(String.valueOf(compose.service(name).get("restart")));
    }

    /** Its own health check, or the HEALTHCHECK of deploy/docker/Dockerfile when it is built from it. */
    private boolean hasHealthCheck(String name) {
        return compose.service(name).containsKey("healthcheck") || (compose.builtModules().containsKey(name)
                && Repository.read(Compose.SERVICE_DOCKERFILE).contains("\nHEALTHCHECK "));
    }
}
