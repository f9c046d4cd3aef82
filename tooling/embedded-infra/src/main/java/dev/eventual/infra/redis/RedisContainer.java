package dev.eventual.infra.redis;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.model.ExposedPort;
import com.github.dockerjava.api.model.PortBinding;
import com.github.dockerjava.api.model.Ports;
import dev.eventual.infra.Secrets;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.wait.strategy.Wait;
import org.testcontainers.utility.DockerImageName;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;

/**
 * Redis 7 through Testcontainers, where a Docker engine runs, set up like the compose stack's: a
 * password, an append-only file fsynced every second. The host port is fixed when the container is
 * created, so that stopping and starting the container (or replacing it with an empty one) keeps the
 * address clients know. The image can be replaced (registry mirror) with
 * {@code -Deventual.test.redis-image=...}.
 */
public final class RedisContainer implements RedisServer {

    public static final String IMAGE_PROPERTY = "eventual.test.redis-image";
    private static final String DEFAULT_IMAGE = "redis:7";
    private static final int REDIS_PORT = 6379;
    private static final Duration START_TIMEOUT = Duration.ofSeconds(60);

    private final int hostPort;
    private final String password;
    private GenericContainer<?> container;
    private boolean running;

    private RedisContainer(int hostPort, String password) {
        this.hostPort = hostPort;
        this.password = password;
    }

    /** The image to run: {@code redis:7} unless {@value #IMAGE_PROPERTY} names another. */
    public static String image() {
        return System.getProperty(IMAGE_PROPERTY, DEFAULT_IMAGE);
    }

    public static RedisContainer startNew() {
        RedisContainer redis = new RedisContainer(freePort(), Secrets.random());
        redis.startEmpty();
        return redis;
    }

    @Override
    public String host() {
        return container.getHost();
    }

    @Override
    public int port() {
        return hostPort;
    }

    @Override
    public String password() {
        return password;
    }

    @Override
    public String description() {
        return "Redis container " + container.getDockerImageName() + " on " + host() + ":" + hostPort;
    }

    @Override
    public synchronized void stop() {
        if (running) {
            client().stopContainerCmd(container.getContainerId()).exec();
            running = false;
        }
    }

    @Override
    public synchronized void kill() {
        requireRunning();
        client().killContainerCmd(container.getContainerId()).exec();
        running = false;
    }

    @Override
    public synchronized void start() {
        requireStopped();
        client().startContainerCmd(container.getContainerId()).exec();
        awaitAnswer();
    }

    /** A new container in place of the old one: nothing of the old data survives. */
    @Override
    public synchronized void startEmpty() {
        requireStopped();
        if (container != null) {
            container.stop();
        }
        container = newContainer();
        container.start();
        awaitAnswer();
    }

    @Override
    public synchronized void close() {
        if (container != null) {
            container.stop();
            running = false;
        }
    }

    private GenericContainer<?> newContainer() {
        DockerImageName image = DockerImageName.parse(image()).asCompatibleSubstituteFor("redis");
        return new GenericContainer<>(image)
                .withExposedPorts(REDIS_PORT)
                .withCommand("redis-server", "--requirepass", password, "--appendonly", "yes", "--appendfsync", "everysec")
                .withCreateContainerCmdModifier(create -> create.getHostConfig().withPortBindings(
                        new PortBinding(Ports.Binding.bindPort(hostPort), ExposedPort.tcp(REDIS_PORT))))
                .waitingFor(Wait.forLogMessage(".*Ready to accept connections.*", 1).withStartupTimeout(START_TIMEOUT));
    }

    private void awaitAnswer() {
        if (!RedisPing.awaitAnswer(host(), hostPort, password, START_TIMEOUT,
                () -> !Boolean.TRUE.equals(client().inspectContainerCmd(container.getContainerId()).exec().getState().getRunning()))) {
            throw new IllegalStateException("the Redis container " + container.getContainerId() + " did not answer on "
                    + host() + ":" + hostPort + " within " + START_TIMEOUT.toSeconds() + " s");
        }
        running = true;
    }

    private DockerClient client() {
        return container.getDockerClient();
    }

    private void requireRunning() {
        if (!running) {
            throw new IllegalStateException("the Redis container is not running");
        }
    }

    private void requireStopped() {
        if (running) {
            throw new IllegalStateException("the Redis container is running; stop() or kill() it first");
        }
    }

    /** A port Docker can publish on: free here when asked (the engine usually runs on this machine). */
    private static int freePort() {
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return probe.getLocalPort();
        } catch (IOException e) {
            throw new IllegalStateException("no free port", e);
        }
    }
}
