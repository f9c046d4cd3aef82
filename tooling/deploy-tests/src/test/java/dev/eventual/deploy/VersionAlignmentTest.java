package dev.eventual.deploy;

import dev.eventual.infra.db.MySqlContainer;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Field;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/** The stack runs the versions the build is made and tested with. */
class VersionAlignmentTest {

    private static final Pattern DOCKERFILE_JRE_ARG = Pattern.compile("(?m)^ARG JRE_IMAGE=(\\S+)$");

    private final Compose compose = Compose.load();

    @Test
    void rocketMqImageIsThePomsRocketMqVersion() {
        String version = Poms.rootProperty("rocketmq.version");
        for (String service : new String[] {"rocketmq-namesrv", "rocketmq-broker", "rocketmq-init"}) {
            assertThat(defaultImage(service)).as(service).isEqualTo("apache/rocketmq:" + version);
        }
    }

    @Test
    void xxlJobAdminIsThePomsXxlJobVersion() {
        assertThat(defaultImage("xxl-job-admin")).isEqualTo("xuxueli/xxl-job-admin:" + Poms.rootProperty("xxl-job.version"));
    }

    @Test
    void mysqlIsTheImageTheTestcontainersTestsUse() throws ReflectiveOperationException {
        Field image = MySqlContainer.class.getDeclaredField("DEFAULT_IMAGE");
        image.setAccessible(true);
        String tested = (String) image.get(null);
        assertThat(tested).startsWith("mysql:8.4");
        assertThat(defaultImage("mysql")).isEqualTo(tested);
        assertThat(defaultImage("preflight")).isEqualTo(tested);
    }

    @Test
    void serviceBaseImageIsTheDockerfilesDefaultAndTheBuildsJavaRelease() {
        Matcher arg = DOCKERFILE_JRE_ARG.matcher(Repository.read("deploy/docker/Dockerfile"));
        assertThat(arg.find()).as("ARG JRE_IMAGE=... in the Dockerfile").isTrue();
        compose.builtModules().keySet().forEach(name ->
                assertThat(Compose.withDefaults(compose.buildArgs(name).get("JRE_IMAGE"))).as(name).isEqualTo(arg.group(1)));
        assertThat(arg.group(1)).isEqualTo("eclipse-temurin:" + Poms.rootProperty("java.version") + "-jre");
    }

    private String defaultImage(String service) {
        return Compose.withDefaults(compose.service(service).get("image").toString());
    }
}
