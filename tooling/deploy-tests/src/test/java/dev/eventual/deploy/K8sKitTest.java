package dev.eventual.deploy;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerPort;
import io.fabric8.kubernetes.api.model.EnvFromSource;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.HTTPGetAction;
import io.fabric8.kubernetes.api.model.IntOrString;
import io.fabric8.kubernetes.api.model.LabelSelector;
import io.fabric8.kubernetes.api.model.Probe;
import io.fabric8.kubernetes.api.model.ResourceRequirements;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.fabric8.kubernetes.api.model.autoscaling.v2.HorizontalPodAutoscaler;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicy;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicyIngressRule;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicyPeer;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicyPort;
import io.fabric8.kubernetes.api.model.policy.v1.PodDisruptionBudget;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The Kubernetes kit (deploy/k8s): both overlays rendered by {@code kubectl kustomize}, read into typed
 * objects, and held to the kit's rules: pinned images, probes and resources everywhere, a disruption
 * budget for every workload, autoscaling in ha, no secret value anywhere, the XXL-Job executor port
 * reachable from the admin pods only, executors registering their pod address, and the order_db shards.
 */
class K8sKitTest {

    /** The suite's own images (deploy/docker/Dockerfile), by Deployment, with the compose service they mirror. */
    private static final Map<String, String> SERVICES = Map.of(
            "order-service", "order-service",
            "inventory-service", "inventory-service",
            "notice-service", "notice-service",
            "reconcile-job", "reconcile-job-2",
            "auth-server", "auth-server");

    /**
     * Deployments that must not be scaled by an HPA: auth-server keeps grants in memory and its signing
     * key in its pod (docs/security.md, Limits), the XXL-Job admin is a scheduler at a fixed count.
     */
    private static final Set<String> NOT_AUTOSCALED = Set.of("auth-server", "xxl-job-admin");

    /** Variables the kit sets that compose has no use for: Kubernetes' own and the sharded order_db's. */
    private static final Pattern KUBERNETES_ONLY_VARIABLE = Pattern.compile(
            "EVENTUAL_ORDERDB_SHARDURLS_\\d+|MANAGEMENT_ENDPOINT_HEALTH_PROBES_ENABLED|XXL_JOB_EXECUTOR_IP|SPRING_DATA_REDIS_CLUSTER_NODES");

    /** A variable name that says it holds a secret; {@code *_FILE} names a file holding one, not the secret. */
    private static final Pattern SECRET_NAME = Pattern.compile("(?i)^(?!.*_FILE$).*(PASSWORD|PASSWD|PWD|SECRET|TOKEN|KEY|CREDENTIAL|REDISCLI_AUTH).*");

    /** A variable .env.example sets (not one it only shows in a comment). */
    private static final Pattern ENV_EXAMPLE_VARIABLE = Pattern.compile("(?m)^([A-Z0-9_]+)=");

    private static final String EXECUTOR = "reconcile-job";
    private static final String ADMIN = "xxl-job-admin";
    private static final int DEFAULT_EXECUTOR_PORT = 9999;

    @ParameterizedTest
    @ValueSource(strings = {"dev-single", "ha"})
    void rendersEveryPartOfTheSuite(String overlay) {
        K8sKit kit = K8sKit.overlay(overlay);
        assertThat(kit.all(Deployment.class)).extracting(d -> d.getMetadata().getName())
                .containsExactlyInAnyOrder("order-service", "inventory-service", "notice-service", "reconcile-job",
                        "auth-server", "xxl-job-admin");
        assertThat(kit.all(StatefulSet.class)).extracting(s -> s.getMetadata().getName())
                .contains("order-db", "mysql", "rocketmq-namesrv", "rocketmq-broker");
        assertThat(kit.all(Job.class)).extracting(j -> j.getMetadata().getName()).contains("rocketmq-create-topics");
    }

    @ParameterizedTest
    @ValueSource(strings = {"dev-single", "ha"})
    void everyImageIsPinnedAndNoneIsLatest(String overlay) {
        K8sKit kit = K8sKit.overlay(overlay);
        kit.workloads().forEach(workload -> allContainers(workload).forEach(container -> {
            String image = container.getImage();
            String where = overlay + ": " + workload.name() + "/" + container.getName() + " image " + image;
            assertThat(image).as(where).isNotBlank();
            if (!image.contains("@sha256:")) {
                String last = image.substring(image.lastIndexOf('/') + 1);
                assertThat(last).as(where + " has a tag").contains(":");
                assertThat(last.substring(last.indexOf(':') + 1)).as(where).isNotBlank().isNotEqualToIgnoringCase("latest");
            }
        }));
        kit.workloads().stream().filter(w -> SERVICES.containsKey(w.name())).forEach(w ->
                assertThat(w.container(w.name()).getImage()).as(overlay + " " + w.name())
                        .startsWith("eventual/" + w.name() + ":"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"dev-single", "ha"})
    void everyLongRunningContainerHasProbesAndEveryContainerHasResources(String overlay) {
        K8sKit kit = K8sKit.overlay(overlay);
        kit.workloads().forEach(workload -> {
            for (Container container : allContainers(workload)) {
                String where = overlay + ": " + workload.kind() + " " + workload.name() + "/" + container.getName();
                ResourceRequirements resources = container.getResources();
                assertThat(resources).as(where + " resources").isNotNull();
                assertThat(resources.getRequests()).as(where + " requests").containsKeys("cpu", "memory");
                assertThat(resources.getLimits()).as(where + " limits").containsKeys("cpu", "memory");
            }
            if (!workload.kind().equals("Job")) {
                for (Container container : workload.containers()) {
                    String where = overlay + ": " + workload.kind() + " " + workload.name() + "/" + container.getName();
                    assertThat(container.getReadinessProbe()).as(where + " readiness probe").isNotNull();
                    assertThat(container.getLivenessProbe()).as(where + " liveness probe").isNotNull();
                }
            }
        });
    }

    @ParameterizedTest
    @ValueSource(strings = {"dev-single", "ha"})
    void theServicesProbeTheActuatorsProbeGroupsOnTheirManagementPortWhichNoServiceRoutes(String overlay) {
        K8sKit kit = K8sKit.overlay(overlay);
        Compose compose = Compose.load();
        SERVICES.forEach((name, composeName) -> {
            Container container = kit.workload(name).container(name);
            int httpPort = Integer.parseInt(compose.buildArgs(composeName).get("HTTP_PORT"));
            int managementPort = Integer.parseInt(compose.buildArgs(composeName).get("MANAGEMENT_PORT"));
            assertThat(managementPort).as(overlay + " " + name + ": metrics apart from the API").isNotEqualTo(httpPort);
            assertThat(container.getPorts()).as(overlay + " " + name + " ports")
                    .anySatisfy(port -> assertThat(port.getContainerPort()).isEqualTo(httpPort))
                    .anySatisfy(port -> assertThat(port.getContainerPort()).isEqualTo(managementPort));
            assertActuatorProbe(container, container.getStartupProbe(), "/actuator/health/liveness", managementPort);
            assertActuatorProbe(container, container.getReadinessProbe(), "/actuator/health/readiness", managementPort);
            assertActuatorProbe(container, container.getLivenessProbe(), "/actuator/health/liveness", managementPort);
            // the management server listens on the pod's address, where the kubelet probes it
            assertThat(env(container)).as(overlay + " " + name).anySatisfy(variable -> {
                assertThat(variable.getName()).isEqualTo("MANAGEMENT_SERVER_ADDRESS");
                assertThat(variable.getValue()).isEqualTo("0.0.0.0");
            });
            // no Service carries it (an ingress routes Services), and no policy admits anybody to it
            kit.all(Service.class).stream().filter(service -> K8sKit.matches(
                            new LabelSelector(null, service.getSpec().getSelector()),
                            kit.workload(name).podLabels()))
                    .forEach(service -> assertThat(service.getSpec().getPorts()).as(overlay + ": Service " + service.getMetadata().getName())
                            .noneSatisfy(port -> assertThat(resolve(port.getTargetPort(), container)).isEqualTo(managementPort)));
            kit.all(NetworkPolicy.class).stream()
                    .filter(policy -> K8sKit.matches(policy.getSpec().getPodSelector(), kit.workload(name).podLabels())
                            && policy.getSpec().getIngress() != null)
                    .forEach(policy -> assertThat(policy.getSpec().getIngress()).as(overlay + ": NetworkPolicy " + policy.getMetadata().getName()
                            + " opens " + name + "'s management port").noneMatch(rule -> admitsPort(rule, managementPort, container)));
        });
    }

    @ParameterizedTest
    @ValueSource(strings = {"dev-single", "ha"})
    void everyContainerRunsAsNonRootWithoutPrivilegeEscalation(String overlay) {
        K8sKit kit = K8sKit.overlay(overlay);
        kit.workloads().forEach(workload -> allContainers(workload).forEach(container -> {
            String where = overlay + ": " + workload.name() + "/" + container.getName();
            var pod = workload.template().getSpec().getSecurityContext();
            var own = container.getSecurityContext();
            boolean nonRoot = (own != null && Boolean.TRUE.equals(own.getRunAsNonRoot()))
                    || (pod != null && Boolean.TRUE.equals(pod.getRunAsNonRoot()));
            assertThat(nonRoot).as(where + " runAsNonRoot").isTrue();
            assertThat(own).as(where + " securityContext").isNotNull();
            assertThat(own.getAllowPrivilegeEscalation()).as(where + " allowPrivilegeEscalation").isFalse();
            assertThat(own.getPrivileged()).as(where + " privileged").isNotEqualTo(Boolean.TRUE);
        }));
    }

    @ParameterizedTest
    @ValueSource(strings = {"dev-single", "ha"})
    void aDisruptionBudgetSelectsEveryDeploymentAndStatefulSet(String overlay) {
        K8sKit kit = K8sKit.overlay(overlay);
        List<PodDisruptionBudget> budgets = kit.all(PodDisruptionBudget.class);
        kit.workloads().stream().filter(w -> !w.kind().equals("Job")).forEach(workload ->
                assertThat(budgets).as(overlay + ": a PodDisruptionBudget selecting " + workload.kind() + " " + workload.name())
                        .anySatisfy(budget -> assertThat(K8sKit.matches(budget.getSpec().getSelector(), workload.podLabels())).isTrue()));
    }

    @Test
    void haAutoscalesEveryStatelessDeployment() {
        K8sKit kit = K8sKit.overlay("ha");
        List<HorizontalPodAutoscaler> autoscalers = kit.all(HorizontalPodAutoscaler.class);
        assertThat(autoscalers).as("autoscaling/v2 HPAs").isNotEmpty()
                .allSatisfy(hpa -> assertThat(hpa.getApiVersion()).isEqualTo("autoscaling/v2"));
        for (Deployment deployment : kit.all(Deployment.class)) {
            String name = deployment.getMetadata().getName();
            List<HorizontalPodAutoscaler> scaling = autoscalers.stream()
                    .filter(hpa -> "Deployment".equals(hpa.getSpec().getScaleTargetRef().getKind())
                            && name.equals(hpa.getSpec().getScaleTargetRef().getName()))
                    .toList();
            if (NOT_AUTOSCALED.contains(name)) {
                assertThat(scaling).as("no HPA scales " + name).isEmpty();
            } else {
                assertThat(scaling).as("an HPA scales " + name).hasSize(1);
                assertThat(scaling.get(0).getSpec().getMinReplicas()).as(name + " minReplicas").isGreaterThanOrEqualTo(2);
                assertThat(scaling.get(0).getSpec().getMaxReplicas()).as(name + " maxReplicas")
                        .isGreaterThanOrEqualTo(scaling.get(0).getSpec().getMinReplicas());
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"dev-single", "ha"})
    void noSecretValueIsRendered(String overlay) {
        K8sKit kit = K8sKit.overlay(overlay);
        for (Secret secret : kit.all(Secret.class)) {
            assertThat(secret.getData()).as(overlay + ": Secret " + secret.getMetadata().getName() + " data").isNullOrEmpty();
            assertThat(secret.getStringData()).as(overlay + ": Secret " + secret.getMetadata().getName() + " stringData").isNullOrEmpty();
        }
        kit.workloads().forEach(workload -> allContainers(workload).forEach(container -> env(container).forEach(variable -> {
            if (SECRET_NAME.matcher(variable.getName()).matches()) {
                assertThat(variable.getValue()).as(overlay + ": " + workload.name() + "/" + container.getName() + " "
                        + variable.getName() + " is a secret: valueFrom a secretKeyRef, never a value").isNullOrEmpty();
                assertThat(variable.getValueFrom()).as(overlay + ": " + variable.getName() + " valueFrom").isNotNull();
            }
        })));
        for (ConfigMap map : kit.all(ConfigMap.class)) {
            if (map.getData() != null) {
                assertThat(map.getData().keySet()).as(overlay + ": ConfigMap " + map.getMetadata().getName()
                        + " holds no secret-looking variable (envFrom would hand it out as a value)")
                        .noneMatch(key -> SECRET_NAME.matcher(key).matches() && !key.contains("."));
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"dev-single", "ha"})
    void everySecretReferenceIsToTheDocumentedSecretAndKey(String overlay) {
        K8sKit kit = K8sKit.overlay(overlay);
        String readme = Repository.read("deploy/k8s/README.md");
        Set<String> keys = new LinkedHashSet<>();
        kit.workloads().forEach(workload -> allContainers(workload).forEach(container -> {
            env(container).stream().filter(v -> v.getValueFrom() != null && v.getValueFrom().getSecretKeyRef() != null)
                    .forEach(v -> {
                        assertThat(v.getValueFrom().getSecretKeyRef().getName()).as(overlay + " " + v.getName()).isEqualTo("eventual-secrets");
                        keys.add(v.getValueFrom().getSecretKeyRef().getKey());
                    });
            envFrom(container).stream().filter(source -> source.getSecretRef() != null).forEach(source ->
                    assertThat(source.getSecretRef().getName()).as(overlay + " envFrom").isEqualTo("eventual-secrets"));
        }));
        assertThat(keys).as(overlay + " secret keys").isNotEmpty();
        // the README's secret list is where operators learn what to create
        keys.forEach(key -> assertThat(readme).as("deploy/k8s/README.md names the key " + key).contains(key));
        Set<String> envExample = new LinkedHashSet<>();
        ENV_EXAMPLE_VARIABLE.matcher(Repository.read(".env.example")).results().forEach(match -> envExample.add(match.group(1)));
        assertThat(envExample).as("every secret key is a variable of .env.example (kubectl create secret --from-env-file=.env)")
                .containsAll(keys);
    }

    @ParameterizedTest
    @ValueSource(strings = {"dev-single", "ha"})
    void theServicesUseTheVariableNamesOfTheComposeStack(String overlay) {
        K8sKit kit = K8sKit.overlay(overlay);
        Compose compose = Compose.load();
        SERVICES.forEach((name, composeName) -> {
            Set<String> composeNames = compose.environment(composeName).keySet();
            Container container = kit.workload(name).container(name);
            List<String> names = new ArrayList<>(env(container).stream().map(EnvVar::getName).toList());
            envFrom(container).stream().filter(source -> source.getConfigMapRef() != null).forEach(source ->
                    names.addAll(kit.all(ConfigMap.class).stream()
                            .filter(map -> map.getMetadata().getName().equals(source.getConfigMapRef().getName()))
                            .findFirst().orElseThrow(() -> new AssertionError(overlay + " " + name + " reads the missing ConfigMap "
                                    + source.getConfigMapRef().getName()))
                            .getData().keySet()));
            assertThat(names).as(overlay + ": " + name + "'s variables, as compose's " + composeName + " names them").isNotEmpty()
                    .filteredOn(variable -> !composeNames.contains(variable) && !KUBERNETES_ONLY_VARIABLE.matcher(variable).matches())
                    .as(overlay + ": " + name + "'s variables that compose's " + composeName + " does not have").isEmpty();
        });
    }

    @ParameterizedTest
    @ValueSource(strings = {"dev-single", "ha"})
    void ingressIsDeniedUnlessAPolicyAdmitsIt(String overlay) {
        K8sKit kit = K8sKit.overlay(overlay);
        assertThat(kit.all(NetworkPolicy.class)).as(overlay + ": a default-deny ingress policy").anySatisfy(policy -> {
            assertThat(policy.getSpec().getPodSelector().getMatchLabels()).isNullOrEmpty();
            assertThat(policy.getSpec().getPodSelector().getMatchExpressions()).isNullOrEmpty();
            assertThat(policy.getSpec().getPolicyTypes()).contains("Ingress");
            assertThat(policy.getSpec().getIngress()).isNullOrEmpty();
        });
    }

    @ParameterizedTest
    @ValueSource(strings = {"dev-single", "ha"})
    void theExecutorPortAdmitsOnlyTheXxlJobAdminPods(String overlay) {
        K8sKit kit = K8sKit.overlay(overlay);
        K8sKit.Workload executor = kit.workload(EXECUTOR);
        Container container = executor.container(EXECUTOR);
        int port = env(container).stream().filter(v -> v.getName().equals("XXL_JOB_EXECUTOR_PORT")).findFirst()
                .map(v -> Integer.parseInt(v.getValue())).orElse(DEFAULT_EXECUTOR_PORT);
        assertThat(container.getPorts()).as(overlay + ": the executor's containerPort")
                .anySatisfy(p -> assertThat(p.getContainerPort()).isEqualTo(port));
        int admitting = 0;
        for (NetworkPolicy policy : kit.all(NetworkPolicy.class)) {
            if (!K8sKit.matches(policy.getSpec().getPodSelector(), executor.podLabels())
                    || !policy.getSpec().getPolicyTypes().contains("Ingress") || policy.getSpec().getIngress() == null) {
                continue;
            }
            for (NetworkPolicyIngressRule rule : policy.getSpec().getIngress()) {
                if (!admitsPort(rule, port, container)) {
                    continue;
                }
                admitting++;
                String where = overlay + ": NetworkPolicy " + policy.getMetadata().getName() + " opens executor port " + port;
                assertThat(rule.getFrom()).as(where + " to a named set of peers, never to everybody").isNotEmpty();
                for (NetworkPolicyPeer peer : rule.getFrom()) {
                    assertThat(peer.getIpBlock()).as(where + " to an IP block").isNull();
                    assertThat(peer.getNamespaceSelector()).as(where + " to other namespaces").isNull();
                    assertThat(peer.getPodSelector()).as(where + " by a pod selector").isNotNull();
                    assertThat(kit.selectedWorkloads(peer.getPodSelector())).as(where + ": the pods it admits")
                            .containsExactly(ADMIN);
                }
            }
        }
        assertThat(admitting).as(overlay + ": a policy admits the admin to the executor port").isPositive();
    }

    @ParameterizedTest
    @ValueSource(strings = {"dev-single", "ha"})
    void executorsRegisterTheirPodAddress(String overlay) {
        Container container = K8sKit.overlay(overlay).workload(EXECUTOR).container(EXECUTOR);
        Map<String, EnvVar> variables = new LinkedHashMap<>();
        env(container).forEach(v -> variables.put(v.getName(), v));
        // an explicit address wins over the ip (XxlJobProperties); if set, it must be built from the pod's IP
        EnvVar address = variables.get("XXL_JOB_EXECUTOR_ADDRESS");
        if (address != null) {
            assertThat(address.getValue()).as(overlay + " XXL_JOB_EXECUTOR_ADDRESS").isNotNull();
            assertThat(variables.values()).as(overlay + ": XXL_JOB_EXECUTOR_ADDRESS built from a variable holding status.podIP")
                    .anySatisfy(v -> {
                        assertThat(address.getValue()).contains("$(" + v.getName() + ")");
                        assertThat(podIp(v)).isTrue();
                    });
        } else {
            EnvVar ip = variables.get("XXL_JOB_EXECUTOR_IP");
            assertThat(ip).as(overlay + ": XXL_JOB_EXECUTOR_IP or XXL_JOB_EXECUTOR_ADDRESS").isNotNull();
            assertThat(podIp(ip)).as(overlay + ": XXL_JOB_EXECUTOR_IP from the downward API's status.podIP").isTrue();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"dev-single", "ha"})
    void orderDbHasOneShardUrlPerShardServer(String overlay) {
        K8sKit kit = K8sKit.overlay(overlay);
        StatefulSet orderDb = kit.one(StatefulSet.class, "order-db");
        Service headless = kit.one(Service.class, orderDb.getSpec().getServiceName());
        assertThat(headless.getSpec().getClusterIP()).as(overlay + ": order-db's Service is headless").isEqualTo("None");
        int shards = orderDb.getSpec().getReplicas();
        for (String workload : List.of("order-service", "reconcile-job")) {
            Map<String, String> urls = new LinkedHashMap<>();
            env(kit.workload(workload).container(workload)).stream()
                    .filter(v -> v.getName().startsWith("EVENTUAL_ORDERDB_SHARDURLS_"))
                    .forEach(v -> urls.put(v.getName(), v.getValue()));
            assertThat(urls.keySet()).as(overlay + ": " + workload + "'s shard URLs, one per order-db pod")
                    .containsExactlyElementsOf(IntStream.range(0, shards).mapToObj(i -> "EVENTUAL_ORDERDB_SHARDURLS_" + i).toList());
            urls.forEach((name, url) -> assertThat(url).as(overlay + " " + workload + " " + name)
                    .startsWith("jdbc:mysql://order-db-" + name.substring(name.lastIndexOf('_') + 1) + ".order-db:3306/order_db?")
                    .contains("sslMode=REQUIRED"));
        }
    }

    @Test
    void haRunsTwoAdminsTwoShardServersAndARedisCluster() {
        K8sKit kit = K8sKit.overlay("ha");
        assertThat(kit.one(Deployment.class, ADMIN).getSpec().getReplicas()).as("xxl-job-admin replicas").isEqualTo(2);
        assertThat(kit.one(Service.class, ADMIN).getSpec().getSelector())
                .as("the admin's Service selects its pods").isEqualTo(kit.workload(ADMIN).podLabels());
        assertThat(kit.one(StatefulSet.class, "order-db").getSpec().getReplicas()).as("order-db replicas").isEqualTo(2);
        StatefulSet redis = kit.one(StatefulSet.class, "redis-cluster");
        assertThat(redis.getSpec().getReplicas()).as("redis-cluster pods").isEqualTo(6);
        assertThat(String.join(" ", redis.getSpec().getTemplate().getSpec().getContainers().get(0).getCommand()))
                .contains("--cluster-enabled yes");
        assertThat(String.join(" ", kit.workload("redis-cluster-create").containers().get(0).getCommand()))
                .contains("--cluster create").contains("--cluster-replicas 1");
        assertThat(kit.configMap("eventual-redis").getData()).containsOnlyKeys("SPRING_DATA_REDIS_CLUSTER_NODES", "EVENTUAL_GATE_ENABLED");
        assertThat(kit.configMap("eventual-redis").getData().get("SPRING_DATA_REDIS_CLUSTER_NODES").split(",")).hasSize(6);
    }

    @Test
    void devSingleRunsOneOfEachAndAPlainRedis() {
        K8sKit kit = K8sKit.overlay("dev-single");
        assertThat(kit.one(StatefulSet.class, "order-db").getSpec().getReplicas()).isEqualTo(1);
        assertThat(kit.all(HorizontalPodAutoscaler.class)).isEmpty();
        assertThat(kit.configMap("eventual-redis").getData()).containsOnlyKeys("SPRING_DATA_REDIS_HOST", "SPRING_DATA_REDIS_PORT", "EVENTUAL_GATE_ENABLED");
        assertThat(kit.one(Service.class, kit.configMap("eventual-redis").getData().get("SPRING_DATA_REDIS_HOST"))).isNotNull();
    }

    private static void assertActuatorProbe(Container container, Probe probe, String path, int httpPort) {
        String where = container.getName() + " probe " + path;
        HTTPGetAction get = probe.getHttpGet();
        assertThat(get).as(where + " is an HTTP GET").isNotNull();
        assertThat(get.getPath()).as(where).isEqualTo(path);
        assertThat(resolve(get.getPort(), container)).as(where + " port").isEqualTo(httpPort);
    }

    private static boolean admitsPort(NetworkPolicyIngressRule rule, int port, Container container) {
        if (rule.getPorts() == null || rule.getPorts().isEmpty()) {
            return true;
        }
        for (NetworkPolicyPort allowed : rule.getPorts()) {
            if (allowed.getPort() == null) {
                return true;
            }
            int from = Objects.requireNonNullElse(resolve(allowed.getPort(), container), -1);
            int to = allowed.getEndPort() == null ? from : allowed.getEndPort();
            if (from <= port && port <= to) {
                return true;
            }
        }
        return false;
    }

    private static Integer resolve(IntOrString port, Container container) {
        if (port.getIntVal() != null) {
            return port.getIntVal();
        }
        return container.getPorts().stream().filter(p -> port.getStrVal().equals(p.getName()))
                .map(ContainerPort::getContainerPort).findFirst().orElse(null);
    }

    private static boolean podIp(EnvVar variable) {
        return variable.getValueFrom() != null && variable.getValueFrom().getFieldRef() != null
                && "status.podIP".equals(variable.getValueFrom().getFieldRef().getFieldPath());
    }

    private static List<Container> allContainers(K8sKit.Workload workload) {
        List<Container> containers = new ArrayList<>(workload.initContainers());
        containers.addAll(workload.containers());
        return containers;
    }

    private static List<EnvVar> env(Container container) {
        return container.getEnv() == null ? List.of() : container.getEnv();
    }

    private static List<EnvFromSource> envFrom(Container container) {
        return container.getEnvFrom() == null ? List.of() : container.getEnvFrom();
    }
}
