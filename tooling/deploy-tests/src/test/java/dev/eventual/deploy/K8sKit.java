package dev.eventual.deploy;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.KubernetesList;
import io.fabric8.kubernetes.api.model.LabelSelector;
import io.fabric8.kubernetes.api.model.LabelSelectorRequirement;
import io.fabric8.kubernetes.api.model.PodTemplateSpec;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * One overlay of deploy/k8s as {@code kubectl kustomize} renders it, read into fabric8's typed model.
 * Each overlay is rendered once per test JVM.
 */
final class K8sKit {

    static final String OVERLAYS = "deploy/k8s/overlays";

    private static final Map<String, K8sKit> RENDERED = new ConcurrentHashMap<>();
    private static final KubernetesSerialization SERIALIZATION = new KubernetesSerialization();

    private final String overlay;
    private final List<HasMetadata> objects;

    private K8sKit(String overlay, List<HasMetadata> objects) {
        this.overlay = overlay;
        this.objects = objects;
    }

    static K8sKit overlay(String name) {
        return RENDERED.computeIfAbsent(name, overlay -> parse(overlay, render(overlay)));
    }

    static K8sKit parse(String overlay, String yaml) {
        Object parsed = SERIALIZATION.unmarshal(yaml);
        List<HasMetadata> objects = new ArrayList<>();
        if (parsed instanceof KubernetesList list) {
            objects.addAll(list.getItems());
        } else if (parsed instanceof List<?> list) {
            list.forEach(item -> objects.add((HasMetadata) item));
        } else {
            objects.add((HasMetadata) parsed);
        }
        return new K8sKit(overlay, List.copyOf(objects));
    }

    /** {@code kubectl kustomize}'s output; fails, never skips, where kubectl is missing (CI installs it). */
    static String render(String overlay) {
        Path kubectl = kubectl().orElseThrow(() -> new AssertionError(
                "kubectl is not installed (looked on PATH and at /usr/bin/kubectl): K8sKitTest renders the deploy/k8s"
                        + " overlays with `kubectl kustomize`; install kubectl (1.27 or newer) where the tests run"));
        ProcessBuilder builder = new ProcessBuilder(kubectl.toString(), "kustomize", Repository.path(OVERLAYS + "/" + overlay).toString());
        try {
            Process process = builder.start();
            process.getOutputStream().close();
            CompletableFuture<String> errors = CompletableFuture.supplyAsync(() -> readAll(process.getErrorStream()));
            String output = readAll(process.getInputStream());
            if (!process.waitFor(60, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new AssertionError("kubectl kustomize " + overlay + " did not finish in 60 s");
            }
            if (process.exitValue() != 0) {
                throw new AssertionError("kubectl kustomize " + overlay + " failed (" + process.exitValue() + "):\n" + errors.join());
            }
            return output;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static Optional<Path> kubectl() {
        Stream<Path> onPath = Stream.of(System.getenv().getOrDefault("PATH", "").split(File.pathSeparator))
                .filter(dir -> !dir.isBlank())
                .map(dir -> Path.of(dir, "kubectl"));
        return Stream.concat(onPath, Stream.of(Path.of("/usr/bin/kubectl"))).filter(Files::isExecutable).findFirst();
    }

    private static String readAll(java.io.InputStream stream) {
        try (stream) {
            return new String(stream.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    String name() {
        return overlay;
    }

    List<HasMetadata> objects() {
        return objects;
    }

    <T extends HasMetadata> List<T> all(Class<T> type) {
        return objects.stream().filter(type::isInstance).map(type::cast).toList();
    }

    <T extends HasMetadata> T one(Class<T> type, String name) {
        return find(type, name).orElseThrow(() ->
                new AssertionError(overlay + " renders no " + type.getSimpleName() + " " + name));
    }

    <T extends HasMetadata> Optional<T> find(Class<T> type, String name) {
        return all(type).stream().filter(object -> name.equals(object.getMetadata().getName())).findFirst();
    }

    /** A ConfigMap by the name the kit gives it, before kustomize appends its content hash. */
    ConfigMap configMap(String name) {
        return all(ConfigMap.class).stream()
                .filter(map -> map.getMetadata().getName().equals(name) || map.getMetadata().getName().matches(name + "-[a-z0-9]{10}"))
                .findFirst().orElseThrow(() -> new AssertionError(overlay + " renders no ConfigMap " + name));
    }

    /** Deployments, StatefulSets and Jobs, each with its pod template. */
    List<Workload> workloads() {
        List<Workload> workloads = new ArrayList<>();
        all(Deployment.class).forEach(d -> workloads.add(new Workload(d, d.getSpec().getTemplate())));
        all(StatefulSet.class).forEach(s -> workloads.add(new Workload(s, s.getSpec().getTemplate())));
        all(Job.class).forEach(j -> workloads.add(new Workload(j, j.getSpec().getTemplate())));
        return workloads;
    }

    Workload workload(String name) {
        return workloads().stream().filter(w -> w.name().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError(overlay + " renders no workload " + name));
    }

    /** The workloads whose pods a selector picks (an empty selector picks every pod). */
    List<String> selectedWorkloads(LabelSelector selector) {
        return workloads().stream().filter(w -> matches(selector, w.podLabels())).map(Workload::name).toList();
    }

    static boolean matches(LabelSelector selector, Map<String, String> labels) {
        if (selector == null) {
            return false;
        }
        if (selector.getMatchLabels() != null
                && !selector.getMatchLabels().entrySet().stream().allMatch(e -> e.getValue().equals(labels.get(e.getKey())))) {
            return false;
        }
        if (selector.getMatchExpressions() != null) {
            for (LabelSelectorRequirement requirement : selector.getMatchExpressions()) {
                String value = labels.get(requirement.getKey());
                boolean ok = switch (requirement.getOperator()) {
                    case "In" -> value != null && requirement.getValues().contains(value);
                    case "NotIn" -> value == null || !requirement.getValues().contains(value);
                    case "Exists" -> value != null;
                    case "DoesNotExist" -> value == null;
                    default -> throw new AssertionError("unknown selector operator " + requirement.getOperator());
                };
                if (!ok) {
                    return false;
                }
            }
        }
        return true;
    }

    record Workload(HasMetadata object, PodTemplateSpec template) {

        String name() {
            return object.getMetadata().getName();
        }

        String kind() {
            return object.getKind();
        }

        Map<String, String> podLabels() {
            Map<String, String> labels = template.getMetadata() == null ? null : template.getMetadata().getLabels();
            return labels == null ? Map.of() : labels;
        }

        List<Container> containers() {
            return template.getSpec().getContainers();
        }

        List<Container> initContainers() {
            List<Container> init = template.getSpec().getInitContainers();
            return init == null ? List.of() : init;
        }

        Container container(String name) {
            return containers().stream().filter(c -> c.getName().equals(name)).findFirst()
                    .orElseThrow(() -> new AssertionError(name() + " has no container " + name));
        }
    }
}
