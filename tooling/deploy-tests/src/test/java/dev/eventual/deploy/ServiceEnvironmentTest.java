package dev.eventual.deploy;

import dev.eventual.infra.db.ServiceDatabase;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/** What compose hands the four services and the auth-server agrees with what they read. */
class ServiceEnvironmentTest {

    private final Compose compose = Compose.load();

    @Test
    void everyEnvironmentVariableMapsToAPropertyTheServiceReads() {
        compose.builtModules().forEach((name, module) -> {
            SpringService service = SpringService.ofModule(module);
            assertThat(compose.environment(name).keySet()).as(name + " environment").isNotEmpty()
                    .allSatisfy(variable -> assertThat(service.reads(variable))
                            .as("%s sets %s, which %s never reads (no placeholder of %s, no property it binds to)",
                                    name, variable, module, service.ymlPath())
                            .isTrue());
        });
    }

    @Test
    void theCheckCatchesATypo() {
        SpringService order = SpringService.ORDER;
        assertThat(order.reads("EVENTUAL_WEB_MAX_INTERNAL_REQUEST_BODY")).isTrue();
        assertThat(order.reads("EVENTUAL_WEB_MAXINTERNALREQUESTBODY")).isTrue();
        assertThat(order.reads("SPRING_DATASOURCE_URL")).isTrue();
        assertThat(order.reads("ORDER_DB_PASSWORD")).isTrue();
        assertThat(order.reads("EVENTUAL_WEB_MAX_INTERNAL_REQUEST_BODDY")).isFalse();
        assertThat(order.reads("EVENTUAL_SECURITY_SERVICE_TOKEN")).as("the shared service token is gone").isFalse();
        assertThat(SpringService.INVENTORY.reads("EVENTUAL_CLIENT_SECRET")).isTrue();
        assertThat(order.reads("EVENTUAL_CLIENT_SECRET")).as("order-service has no client of its own").isFalse();
        assertThat(order.reads("ORDER_DB_PASSWROD")).isFalse();
        assertThat(SpringService.RECONCILE.reads("XXL_JOB_EXECUTOR_ADDRESS")).isTrue();
        assertThat(order.reads("XXL_JOB_EXECUTOR_ADDRESS")).as("order-service has no executor").isFalse();
        // a placeholder of a profile's document only (reconcile-job's console)
        assertThat(SpringService.RECONCILE.reads("EVENTUAL_CONSOLE_CLIENT_SECRET")).isTrue();
        assertThat(order.reads("EVENTUAL_CONSOLE_CLIENT_SECRET")).isFalse();
    }

    @Test
    void theCheckFollowsVariablesIntoAMapOfRecords() {
        // eventual.auth.users is a Map<String, User>: the key, then one of User's properties
        SpringService auth = SpringService.AUTH;
        assertThat(auth.reads("EVENTUAL_AUTH_USERS_OLGA_PASSWORD")).isTrue();
        assertThat(auth.reads("EVENTUAL_AUTH_USERS_OLGA_ROLE")).isTrue();
        assertThat(auth.reads("EVENTUAL_AUTH_USERS_ALICE_CUSTOMERID")).isTrue();
        assertThat(auth.reads("EVENTUAL_AUTH_USERS_ALICE_CUSTOMER_ID")).as("the legacy form Spring still maps").isTrue();
        assertThat(auth.reads("EVENTUAL_AUTH_SYNTHETIC_CUSTOMERS_PASSWORD")).isTrue();
        assertThat(auth.reads("EVENTUAL_AUTH_SIGNING_KEY_FILE")).isTrue();
        assertThat(auth.reads("EVENTUAL_AUTH_USER_OLGA_PASSWORD")).as("user, not users").isFalse();
        assertThat(auth.reads("EVENTUAL_AUTH_USERS_OLGA_PASWORD")).as("no such property of a user").isFalse();
        assertThat(auth.reads("EVENTUAL_AUTH_USERS_PASSWORD")).as("no username").isFalse();
        assertThat(auth.reads("EVENTUAL_AUTH_SYNTHETIC_CUSTOMER_PASSWORD")).isFalse();
        assertThat(SpringService.ORDER.reads("EVENTUAL_AUTH_USERS_OLGA_PASSWORD")).as("order-service has no users").isFalse();
        assertThat(auth.reads("EVENTUAL_WEB_MAX_INTERNAL_REQUEST_BODY")).as("the auth-server has no web-support").isFalse();
        assertThat(auth.reads("EVENTUAL_PAYMENT_PROVIDER_CLIENT_SECRET")).isTrue();
        assertThat(auth.reads("EVENTUAL_CLIENT_SECRET")).as("the auth-server has no client of its own").isFalse();
    }

    @Test
    void onlyTheServicesWithADatabaseAreGivenOne() {
        assertThat(compose.builtModules().values()).anySatisfy(module ->
                assertThat(SpringService.ofModule(module).hasDatabase()).as(module).isFalse());
        compose.builtModules().forEach((name, module) -> {
            if (!SpringService.ofModule(module).hasDatabase()) {
                assertThat(compose.environment(name).keySet()).as(name)
                        .noneMatch(variable -> variable.startsWith("SPRING_DATASOURCE_") || variable.endsWith("_DB_PASSWORD")
                                || variable.startsWith("ROCKETMQ_"));
                assertThat(compose.dependsOn(name)).as(name).doesNotContainKeys("mysql", "rocketmq-init");
            }
        });
    }

    @Test
    void datasourceUrlsKeepTheServicesConnectionSettingsAndNameTheirDatabase() {
        withDatabase().forEach((name, module) -> {
            SpringService service = SpringService.ofModule(module);
            URI composeUrl = jdbc(compose.environment(name).get("SPRING_DATASOURCE_URL"));
            URI ymlUrl = jdbc(service.ymlDefault("spring.datasource.url"));

            assertThat(composeUrl.getHost()).as(name).isEqualTo("mysql");
            assertThat(compose.services()).containsKey(composeUrl.getHost());
            assertThat(composeUrl.getPath()).as(name + " database").isEqualTo(ymlUrl.getPath());
            assertThat(Arrays.stream(ServiceDatabase.values()).map(database -> "/" + database.databaseName()))
                    .contains(composeUrl.getPath());
            // only the TLS mode may differ: caching_sha2_password needs TLS for a user's first login
            Map<String, String> expected = query(ymlUrl);
            expected.put("sslMode", "REQUIRED");
            assertThat(query(composeUrl)).as(name + " JDBC parameters").isEqualTo(expected);
        });
    }

    @Test
    void theDatabasePasswordComesFromTheVariableTheServiceReadsIt() {
        withDatabase().forEach((name, module) -> {
            String variable = SpringService.ofModule(module).ymlPlaceholder("spring.datasource.password");
            assertThat(compose.environment(name).get(variable)).as(name + " " + variable)
                    .startsWith("${" + variable + ":?");
        });
    }

    @Test
    void eachImageListensWhereTheServiceDoesAndIsPublishedThere() {
        compose.builtModules().forEach((name, module) -> {
            String port = SpringService.ofModule(module).ymlDefault("server.port");
            assertThat(compose.buildArgs(name).get("HTTP_PORT")).as(name + " HTTP_PORT (health check, EXPOSE)")
                    .isEqualTo(port);
            assertThat(compose.strings(name, "ports")).as(name).singleElement()
                    .satisfies(mapping -> assertThat(mapping).endsWith(":" + port));
        });
    }

    @Test
    void healthAndMetricsAreOnAManagementPortOfTheStacksNetworkOnly() {
        compose.builtModules().forEach((name, module) -> {
            SpringService service = SpringService.ofModule(module);
            String port = service.ymlDefault("management.server.port");
            assertThat(port).as(name + " management port").isNotEqualTo(service.ymlDefault("server.port"));
            assertThat(compose.buildArgs(name).get("MANAGEMENT_PORT")).as(name + " MANAGEMENT_PORT (health check)").isEqualTo(port);
            // loopback unless told: locally nobody but the machine's own user reaches it
            assertThat(service.ymlDefault("management.server.address")).as(name).isEqualTo("127.0.0.1");
            assertThat(compose.environment(name)).as(name).containsEntry("MANAGEMENT_SERVER_ADDRESS", "0.0.0.0");
            assertThat(compose.strings(name, "ports")).as(name + ": the management port is not published")
                    .noneMatch(mapping -> mapping.endsWith(":" + port));
        });
    }

    @Test
    void addressesOfOtherServicesNameComposeServicesAndTheirPorts() {
        Map<String, String> httpPorts = compose.builtModules().keySet().stream()
                .collect(Collectors.toMap(name -> name, name -> compose.buildArgs(name).get("HTTP_PORT")));
        Map<String, String> hostPorts = new LinkedHashMap<>();
        compose.services().keySet().forEach(name -> compose.strings(name, "ports")
                .forEach(mapping -> hostPorts.put(mapping.replaceAll(":[^:]+$", ""), name)));
        compose.builtModules().keySet().forEach(name -> compose.environment(name).forEach((variable, value) -> {
            if (value.startsWith("http://")) {
                URI uri = URI.create(value);
                if ("127.0.0.1".equals(uri.getHost())) {
                    // an address for the browser on the host (the console's): a port the stack publishes there
                    assertThat(hostPorts).as(name + " " + variable).containsKey("127.0.0.1:" + uri.getPort());
                    return;
                }
                // a service's name, or a network alias of one (the auth-server's issuer)
                String target = compose.serviceReachedAs(uri.getHost());
                assertThat(target).as(name + " " + variable + ": " + uri.getHost() + " names no service").isNotNull();
                // a service's own address (the XXL-Job executor's) is on a port of its own
                if (httpPorts.containsKey(target) && !target.equals(name)) {
                    assertThat(String.valueOf(uri.getPort())).as(name + " " + variable).isEqualTo(httpPorts.get(target));
                }
            }
        }));
        assertThat(compose.environment("inventory-service").get("ROCKETMQ_NAME_SERVER"))
                .isEqualTo("rocketmq-namesrv:9876");
    }

    @Test
    void noticesGoToMailpit() {
        Map<String, String> notice = compose.environment("notice-service");
        assertThat(notice).containsEntry("NOTICE_CHANNEL", "mail").containsEntry("MAIL_HOST", "mailpit")
                .containsEntry("MAIL_PORT", "1025");
        assertThat(SpringService.NOTICE.ymlPlaceholders()).contains("NOTICE_CHANNEL", "MAIL_HOST", "MAIL_PORT");
    }

    /** The built services whose yml names a database (the auth-server has none). */
    private Map<String, String> withDatabase() {
        Map<String, String> services = new LinkedHashMap<>();
        compose.builtModules().forEach((name, module) -> {
            if (SpringService.ofModule(module).hasDatabase()) {
                services.put(name, module);
            }
        });
        assertThat(services).isNotEmpty();
        return services;
    }

    private static URI jdbc(String url) {
        assertThat(url).startsWith("jdbc:");
        return URI.create(url.substring("jdbc:".length()));
    }

    private static Map<String, String> query(URI uri) {
        Map<String, String> parameters = new LinkedHashMap<>();
        for (String pair : uri.getQuery().split("&")) {
            String[] parts = pair.split("=", 2);
            parameters.put(parts[0], parts[1]);
        }
        return parameters;
    }
}
