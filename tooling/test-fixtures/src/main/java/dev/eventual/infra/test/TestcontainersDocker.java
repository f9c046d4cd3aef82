package dev.eventual.infra.test;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.async.ResultCallback;
import com.github.dockerjava.api.exception.NotFoundException;
import com.github.dockerjava.api.model.PullResponseItem;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.utility.DockerImageName;
import org.testcontainers.utility.ImageNameSubstitutor;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * The Docker engine as Testcontainers reaches it. An image counts as obtainable when it is present
 * locally, or when one pull of it finishes within {@value #PULL_TIMEOUT_PROPERTY} seconds (default
 * 120): cheap when the image is there, bounded when it is not, and never Testcontainers' own
 * pull-with-retries, which ends in a bare pull error.
 */
final class TestcontainersDocker implements DockerEngine {

    static final String PULL_TIMEOUT_PROPERTY = "eventual.test.mysql-pull-timeout";
    private static final Logger log = LoggerFactory.getLogger(TestcontainersDocker.class);

    /** Asks Testcontainers only when a Docker endpoint could exist, to keep Docker-less runs quiet. */
    @Override
    public boolean isReachable() {
        boolean endpointExists = System.getenv("DOCKER_HOST") != null
                || Files.exists(Path.of("/var/run/docker.sock"))
                || Files.exists(Path.of(System.getProperty("user.home"), ".docker", "run", "docker.sock"));
        if (!endpointExists) {
            return false;
        }
        try {
            return DockerClientFactory.instance().isDockerAvailable();
        } catch (RuntimeException e) {
            log.info("No usable Docker engine ({})", e.getMessage());
            return false;
        }
    }

    @Override
    public Optional<String> unobtainable(String image) {
        // the name Testcontainers will really ask for, after a configured registry prefix or substitutor
        DockerImageName name = ImageNameSubstitutor.instance().apply(DockerImageName.parse(image));
        DockerClient client = DockerClientFactory.instance().client();
        if (isPresent(client, name)) {
            return Optional.empty();
        }
        long timeout = Long.getLong(PULL_TIMEOUT_PROPERTY, 120);
        log.info("Pulling {} for the integration tests (up to {} s, -D{})", name, timeout, PULL_TIMEOUT_PROPERTY);
        LastPullError pull = client.pullImageCmd(name.getUnversionedPart()).withTag(name.getVersionPart())
                .exec(new LastPullError());
        try (pull) {
            if (!pull.awaitCompletion(timeout, TimeUnit.SECONDS)) {
                return Optional.of("the pull of " + name + " did not finish within " + timeout + " s");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.of("interrupted while pulling " + name);
        } catch (IOException | RuntimeException e) {
            return Optional.of("the pull of " + name + " failed: " + e.getMessage());
        }
        if (isPresent(client, name)) {
            return Optional.empty();
        }
        return Optional.of("the pull of " + name + " failed: " + (pull.error == null ? "no image afterwards" : pull.error));
    }

    private static boolean isPresent(DockerClient client, DockerImageName name) {
        try {
            client.inspectImageCmd(name.asCanonicalNameString()).exec();
            return true;
        } catch (NotFoundException e) {
            return false;
        }
    }

    /** The engine reports a refused pull as a progress item, not always as an exception. */
    private static final class LastPullError extends ResultCallback.Adapter<PullResponseItem> {

        private volatile String error;

        @Override
        public void onNext(PullResponseItem item) {
            if (item.isErrorIndicated()) {
                error = item.getError();
            }
        }
    }
}
