package dev.eventual.deploy;

import dev.eventual.infra.db.ServiceDatabase;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/** What compose hands the four services agrees with what they read. */
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
        assertThat(order.reads("EVENTUAL_SECURITY_SERVICE_TOKEN")).isTrue();
        assertThat(order.reads("EVENTUAL_SECURITY_SERVICETOKEN")).isTrue();
        assertThat(order.reads("SPRING_DATASOURCE_URL")).isTrue();
        assertThat(order.reads("ORDER_DB_PASSWORD")).isTrue();
        assertThat(order.reads("EVENTUAL_SECURITY_SERVIC_TOKEN")).isFalse();
        assertThat(order.reads("ORDER_DB_PASSWROD")).isFalse();
        assertThat(SpringService.RECONCILE.reads("XXL_JOB_EXECUTOR_ADDRESS")).isTrue();
        assertThat(order.reads("XXL_JOB_EXECUTOR_ADDRESS")).as("order-service has no executor").isFalse();
    }

    @Test
    void datasourceUrlsKeepTheServicesConnectionSettingsAndNameTheirDatabase() {
        compose.builtModules().forEach((name, module) -> {
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
        compose.builtModules().forEach((name, module) -> {
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
    void addressesOfOtherServicesNameComposeServicesAndTheirPorts() {
        Map<String, String> httpPorts = compose.builtModules().keySet().stream()
                .collect(Collectors.toMap(name -> name, name -> compose.buildArgs(name).get("HTTP_PORT")));
        compose.builtModules().keySet().forEach(name -> compose.environment(name).forEach((variable, value) -> {
            if (value.startsWith("http://")) {
                URI uri = URI.create(value);
                assertThat(compose.services()).as(name + " " + variable).containsKey(uri.getHost());
                // a service's own address (the XXL-Job executor's) is on a port of its own
                if (httpPorts.containsKey(uri.getHost()) && !uri.getHost().equals(name)) {
                    assertThat(String.valueOf(uri.getPort())).as(name + " " + variable).isEqualTo(httpPorts.get(uri.getHost()));
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
