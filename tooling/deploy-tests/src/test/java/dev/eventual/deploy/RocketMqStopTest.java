package dev.eventual.deploy;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.VolumeMount;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The NameServer and the broker stop cleanly: docker stop's SIGTERM reaches their JVM, which the
 * image's scripts run under two shells ({@code deploy/rocketmq/jvm-entrypoint.sh}), and the broker has
 * the time its clean shutdown needs, so a planned restart is no crash.
 */
class RocketMqStopTest {

    private static final String ENTRYPOINT = "deploy/rocketmq/jvm-entrypoint.sh";
    private static final String MOUNTED = "/eventual/jvm-entrypoint.sh";
    /** The broker's clean shutdown took about 12 s; compose's default is 10 s. */
    private static final Duration ENOUGH = Duration.ofSeconds(20);

    private final Compose compose = Compose.load();

    @Test
    void composeRunsBothThroughTheEntrypointWithTimeToShutDown() {
        for (String service : List.of("rocketmq-namesrv", "rocketmq-broker")) {
            assertThat(compose.strings(service, "entrypoint")).as(service).containsExactly("bash", MOUNTED);
            assertThat(compose.strings(service, "volumes")).as(service).contains("./" + ENTRYPOINT + ":" + MOUNTED + ":ro");
            assertThat(Duration.parse("PT" + compose.service(service).get("stop_grace_period").toString().toUpperCase()))
                    .as(service + " stop_grace_period").isGreaterThanOrEqualTo(ENOUGH);
        }
        assertThat(compose.strings("rocketmq-namesrv", "command")).containsExactly("sh", "mqnamesrv");
        assertThat(compose.strings("rocketmq-broker", "command")).startsWith("sh", "mqbroker");
    }

    @Test
    void theKubernetesKitRunsBothThroughTheSameEntrypoint() {
        for (String overlay : List.of("dev-single", "ha")) {
            K8sKit kit = K8sKit.overlay(overlay);
            assertThat(kit.configMap("rocketmq-files").getData())
                    .containsEntry("jvm-entrypoint.sh", Repository.read(ENTRYPOINT));
            for (String workload : List.of("rocketmq-namesrv", "rocketmq-broker")) {
                K8sKit.Workload pods = kit.workload(workload);
                Container container = pods.containers().get(0);
                assertThat(container.getCommand()).as(overlay + " " + workload).startsWith("bash", MOUNTED, "sh");
                assertThat(container.getVolumeMounts()).as(overlay + " " + workload).extracting(VolumeMount::getMountPath)
                        .contains(MOUNTED);
                Long grace = pods.template().getSpec().getTerminationGracePeriodSeconds();
                assertThat(grace == null ? 30 : grace).as("Kubernetes waits 30 s by default").isGreaterThanOrEqualTo(ENOUGH.toSeconds());
            }
        }
    }

    /**
     * The entrypoint with stand-ins of RocketMQ 5.3.3's chain (mqbroker runs {@code sh runbroker.sh},
     * which runs java; neither execs): SIGTERM to it reaches the "JVM", and it ends only after the JVM
     * has finished its shutdown, with the JVM's exit code.
     */
    @Test
    void sigtermReachesTheJvmUnderTheShellsAndTheEntrypointWaitsForItsShutdown(@TempDir Path bin) throws Exception {
        Path closed = bin.resolve("store-closed");
        Stopped stopped = stop(bin, "kill $running; sleep 1; echo closed > \"%s\"; exit 143".formatted(closed));

        assertThat(stopped.ended()).as("ends within the grace period").isTrue();
        assertThat(closed).as("the entrypoint waited for the JVM's shutdown").exists();
        assertThat(stopped.exitCode()).isEqualTo(143);
    }

    /**
     * A JVM that ends at once on SIGTERM ends while the entrypoint's trap still runs: the entrypoint
     * answers the JVM's own exit code, not the 143 of its interrupted wait.
     */
    @Test
    void theEntrypointAnswersTheJvmsExitCodeWhenTheJvmEndsDuringTheTrap(@TempDir Path bin) throws Exception {
        Stopped stopped = stop(bin, "kill $running; exit 7");

        assertThat(stopped.ended()).as("ends within the grace period").isTrue();
        assertThat(stopped.exitCode()).isEqualTo(7);
    }

    private record Stopped(boolean ended, int exitCode) {
    }

    /**
     * Starts the entrypoint over the stand-in chain, waits for the "JVM" to say it started, sends the
     * entrypoint SIGTERM as docker stop does, and waits out the grace period. The output goes to a file,
     * as docker's log stays open during a stop: {@link Process#destroy()} would close a pipe, and a
     * shell writing to it would die of SIGPIPE instead of stopping.
     */
    private static Stopped stop(Path bin, String onSigterm) throws Exception {
        Files.writeString(bin.resolve("mqbroker"), "sh \"$(dirname \"$0\")/runbroker.sh\" \"$@\"\n");
        Files.writeString(bin.resolve("runbroker.sh"), "\"$(dirname \"$0\")/java\" -cp lib BrokerStartup \"$@\"\n");
        Path java = Files.writeString(bin.resolve("java"), """
                #!/bin/sh
                # the JVM's shutdown on SIGTERM, and its exit code
                trap '%s' TERM
                sleep 60 &
                running=$!
                echo "started $*"
                wait $running
                echo "ended without SIGTERM"
                """.formatted(onSigterm));
        assertThat(java.toFile().setExecutable(true)).isTrue();
        Path log = bin.resolve("log");
        Process broker = new ProcessBuilder("bash", Repository.path(ENTRYPOINT).toString(), "sh",
                bin.resolve("mqbroker").toString(), "-n", "rocketmq-namesrv:9876")
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        List<ProcessHandle> chain = List.of();
        try {
            await().atMost(Duration.ofSeconds(10))
                    .until(() -> Files.readString(log).contains("started -cp lib BrokerStartup -n rocketmq-namesrv:9876"));
            chain = broker.descendants().toList();

            broker.destroy(); // SIGTERM, as docker stop sends it

            boolean ended = broker.waitFor(10, TimeUnit.SECONDS);
            return new Stopped(ended, ended ? broker.exitValue() : -1);
        } finally {
            // the shells and the "JVM" too, which would outlive a broken entrypoint
            broker.destroyForcibly();
            chain.forEach(ProcessHandle::destroyForcibly);
        }
    }
}
