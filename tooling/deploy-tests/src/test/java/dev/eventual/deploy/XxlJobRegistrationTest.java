package dev.eventual.deploy;

import com.xxl.job.core.handler.annotation.XxlJob;
import dev.eventual.reconcile.executor.XxlJobProperties;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.context.annotation.ClassPathScanningCandidateComponentProvider;
import org.springframework.util.ClassUtils;

import java.lang.reflect.RecordComponent;
import java.net.URI;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The jobs the admin console starts with are the reconcile executor's, routed as docs/design.md,
 * "Scheduling with XXL-Job", says.
 */
class XxlJobRegistrationTest {

    private static final String JOBS_SQL = "deploy/mysql/initdb/30-xxl-job-eventual-jobs.sql";

    private final Compose compose = Compose.load();
    private final String sql = Repository.read(JOBS_SQL);

    @Test
    void everyRegisteredHandlerIsAnXxlJobMethodOfReconcileJob() {
        Set<String> handlers = xxlJobHandlers();
        assertThat(handlers).contains("orderReconcileJob", "messageLogArchiveJob", "unpaidOrderTimeoutJob",
                "stockGateRepairJob", "retentionCleanupJob");
        assertThat(jobs()).extracting(job -> job.get("executor_handler"))
                .containsExactlyInAnyOrder("orderReconcileJob", "messageLogArchiveJob", "unpaidOrderTimeoutJob",
                        "stockGateRepairJob", "retentionCleanupJob")
                .allSatisfy(handler -> assertThat(handlers).contains(handler));
        // BEAN handlers only: no GLUE or shell code runs on the executors (docs/design.md, "Security")
        assertThat(jobs()).allSatisfy(job -> assertThat(job).containsEntry("glue_type", "BEAN"));
    }

    @Test
    void reconciliationIsBroadcastToEveryShardAndBothJobsAreSwitchedOn() {
        assertThat(job("orderReconcileJob")).containsEntry("executor_route_strategy", "SHARDING_BROADCAST");
        assertThat(job("unpaidOrderTimeoutJob")).containsEntry("executor_route_strategy", "SHARDING_BROADCAST");
        // executor i of n cleans the order_db servers s with s mod n == i (docs/retention.md)
        assertThat(job("retentionCleanupJob")).containsEntry("executor_route_strategy", "SHARDING_BROADCAST");
        // per SKU, not per order shard: one executor at a time
        assertThat(job("stockGateRepairJob")).containsEntry("executor_route_strategy", "FIRST");
        assertThat(jobs()).allSatisfy(job -> {
            assertThat(job).containsEntry("trigger_status", "1").containsEntry("schedule_type", "CRON");
            assertThat(job.get("schedule_conf")).isNotBlank();
        });
    }

    @Test
    void theJobsBelongToTheGroupOfTheExecutorsAppName() throws NoSuchMethodException {
        List<Map<String, String>> groups = SqlInserts.rows(sql, "xxl_job_group");
        assertThat(groups).singleElement().satisfies(group -> {
            assertThat(group.get("app_name")).isEqualTo(executorAppName());
            assertThat(group).containsEntry("address_type", "0");
            assertThat(jobs()).allSatisfy(job -> assertThat(job.get("job_group")).isEqualTo(group.get("id")));
        });
    }

    @Test
    void twoReplicasRegisterTheirOwnAddressesWithTheAdmin() {
        List<String> replicas = compose.builtModules().entrySet().stream()
                .filter(entry -> entry.getValue().equals("reconcile-job")).map(Map.Entry::getKey).toList();
        assertThat(replicas).hasSizeGreaterThanOrEqualTo(2);
        assertThat(replicas).allSatisfy(replica -> {
            Map<String, String> environment = compose.environment(replica);
            URI executor = URI.create(environment.get("XXL_JOB_EXECUTOR_ADDRESS"));
            assertThat(executor.getHost()).as(replica + " registers itself").isEqualTo(replica);
            assertThat(executor.getPort()).isEqualTo(9999);
            URI admin = URI.create(environment.get("XXL_JOB_ADMIN_ADDRESSES"));
            assertThat(admin.getHost()).isEqualTo("xxl-job-admin");
            assertThat(compose.strings("xxl-job-admin", "ports")).anySatisfy(port -> assertThat(port).endsWith(":" + admin.getPort()));
            assertThat(environment.get("XXL_JOB_ACCESSTOKEN")).startsWith("${XXL_JOB_ACCESS_TOKEN:?");
        });
        assertThat(replicas.stream().map(replica -> compose.environment(replica).get("XXL_JOB_EXECUTOR_ADDRESS")))
                .doesNotHaveDuplicates();
        assertThat(compose.environment("xxl-job-admin").get("PARAMS"))
                .contains("--xxl.job.accessToken=${XXL_JOB_ACCESS_TOKEN:?");
    }

    private List<Map<String, String>> jobs() {
        return SqlInserts.rows(sql, "xxl_job_info");
    }

    private Map<String, String> job(String handler) {
        return jobs().stream().filter(job -> handler.equals(job.get("executor_handler"))).findFirst().orElseThrow();
    }

    /** Compose's XXL_JOB_EXECUTOR_APPNAME if it sets one, else the default of xxl.job.executor.appname. */
    private String executorAppName() throws NoSuchMethodException {
        String configured = compose.environment("reconcile-job-1").get("XXL_JOB_EXECUTOR_APPNAME");
        if (configured != null) {
            return configured;
        }
        RecordComponent[] components = XxlJobProperties.Executor.class.getRecordComponents();
        Class<?>[] types = Arrays.stream(components).map(RecordComponent::getType).toArray(Class<?>[]::new);
        for (int i = 0; i < components.length; i++) {
            if (components[i].getName().equals("appname")) {
                return XxlJobProperties.Executor.class.getDeclaredConstructor(types).getParameters()[i]
                        .getAnnotation(DefaultValue.class).value()[0];
            }
        }
        throw new IllegalStateException("XxlJobProperties.Executor has no appname");
    }

    private static Set<String> xxlJobHandlers() {
        ClassPathScanningCandidateComponentProvider scanner = new ClassPathScanningCandidateComponentProvider(true);
        return scanner.findCandidateComponents("dev.eventual.reconcile").stream()
                .map(BeanDefinition::getBeanClassName)
                .map(name -> ClassUtils.resolveClassName(name, XxlJobRegistrationTest.class.getClassLoader()))
                .flatMap(type -> Arrays.stream(type.getDeclaredMethods()))
                .map(method -> method.getAnnotation(XxlJob.class))
                .filter(annotation -> annotation != null)
                .map(XxlJob::value)
                .collect(Collectors.toSet());
    }
}
