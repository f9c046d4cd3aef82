package dev.eventual.deploy;

import dev.eventual.common.messaging.OrderMessaging;
import org.apache.rocketmq.common.BrokerConfig;
import org.apache.rocketmq.store.config.MessageStoreConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import java.util.Properties;

import static org.assertj.core.api.Assertions.assertThat;

/** The order topic exists as a TRANSACTION topic before any service starts. */
class RocketMqTopicTest {

    private static final String SCRIPT = "deploy/rocketmq/create-topics.sh";

    private final Compose compose = Compose.load();

    @TempDir
    Path rocketmqHome;

    @Test
    void createsTheOrderTopicAsATransactionTopicOnTheBrokersCluster() throws IOException {
        Shell.Result result = runWithMqadmin("echo \"$@\"; echo 'create topic to 172.18.0.5:10911 success.'");
        assertThat(result.exitCode()).as(result.output()).isZero();
        assertThat(result.output())
                .contains("updateTopic -n rocketmq-namesrv:9876 -c " + brokerConfig().getProperty("brokerClusterName"))
                .contains("-t " + OrderMessaging.ORDER_TOPIC + " ")
                .contains("-a +message.type=TRANSACTION");
    }

    @Test
    void theBrokerCreatesNoTopicBehindOurBack() throws IOException {
        assertThat(brokerConfig()).containsEntry("autoCreateTopicEnable", "false");
        assertThat(compose.strings("rocketmq-broker", "command")).containsSequence("-c", "/eventual/broker.conf");
        assertThat(compose.strings("rocketmq-broker", "volumes"))
                .contains("./deploy/rocketmq/broker.conf:/eventual/broker.conf:ro");
    }

    /**
     * The broker ignores a key it does not know, so each must be a setting of RocketMQ's broker or store
     * (5.3.3 in the image and in embedded-infra); the services the suite never uses are off, as in
     * the embedded broker (issue 41).
     */
    @Test
    void everyBrokerSettingIsOneTheBrokerKnowsAndTheUnusedServicesAreOff() throws IOException {
        Properties config = brokerConfig();
        assertThat(config.stringPropertyNames()).allSatisfy(key -> assertThat(
                hasSetter(BrokerConfig.class, key) || hasSetter(MessageStoreConfig.class, key)).as(key).isTrue());
        assertThat(config).containsEntry("timerWheelEnable", "false").containsEntry("popConsumerFSServiceInit", "false");
    }

    private static boolean hasSetter(Class<?> type, String key) {
        String setter = "set" + Character.toUpperCase(key.charAt(0)) + key.substring(1);
        return Arrays.stream(type.getMethods()).anyMatch(method -> method.getName().equals(setter) && method.getParameterCount() == 1);
    }

    @Test
    void everyServiceUsingTheBrokerWaitsForTheTopic() {
        assertThat(compose.environment("rocketmq-init")).containsEntry("NAMESRV_ADDR", "rocketmq-namesrv:9876");
        compose.builtModules().keySet().stream()
                .filter(name -> compose.environment(name).containsKey("ROCKETMQ_NAME_SERVER"))
                .forEach(name -> {
                    assertThat(compose.environment(name)).containsEntry("ROCKETMQ_NAME_SERVER", "rocketmq-namesrv:9876");
                    assertThat(compose.dependsOn(name)).as(name)
                            .containsEntry("rocketmq-init", "service_completed_successfully");
                });
    }

    /** Runs the script with a stand-in mqadmin (RocketMQ's prints "create topic to ... success." per broker). */
    private Shell.Result runWithMqadmin(String body) throws IOException {
        Path bin = Files.createDirectories(rocketmqHome.resolve("bin"));
        Files.writeString(bin.resolve("mqadmin"), "#!/bin/sh\n" + body + "\n");
        return Shell.run(Map.of("ROCKETMQ_HOME", rocketmqHome.toString(), "NAMESRV_ADDR",
                compose.environment("rocketmq-init").get("NAMESRV_ADDR")), Shell.sh(SCRIPT));
    }

    private static Properties brokerConfig() throws IOException {
        Properties properties = new Properties();
        try (var reader = Files.newBufferedReader(Repository.path("deploy/rocketmq/broker.conf"))) {
            properties.load(reader);
        }
        return properties;
    }
}
