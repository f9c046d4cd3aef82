package dev.eventual.infra.test;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import dev.eventual.infra.test.DatabaseChoice.Server;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class DatabaseChoiceTest {

    private static final String IMAGE = "mysql:8.4";
    private static final String NO_REGISTRY = "Get \"https://registry-1.docker.io/v2/\": dial tcp: lookup registry-1.docker.io: no such host";

    private final Logger logger = (Logger) LoggerFactory.getLogger(DatabaseChoice.class);
    private final ListAppender<ILoggingEvent> lines = new ListAppender<>();

    @BeforeEach
    void capture() {
        lines.start();
        logger.addAppender(lines);
    }

    @AfterEach
    void release() {
        logger.detachAppender(lines);
    }

    @Test
    void autoWithoutDockerUsesEmbeddedMariaDbAndNeverAsksForTheImage() {
        FakeDocker docker = FakeDocker.unreachable();

        assertThat(DatabaseChoice.choose("auto", IMAGE, docker)).isEqualTo(Server.EMBEDDED_MARIADB);
        assertThat(docker.imagesAsked).isEmpty();
        assertThat(lines.list).isEmpty();
    }

    @Test
    void autoWithDockerAndTheImageUsesTheContainer() {
        FakeDocker docker = FakeDocker.withImage();

        assertThat(DatabaseChoice.choose("auto", IMAGE, docker)).isEqualTo(Server.MYSQL_CONTAINER);
        assertThat(docker.imagesAsked).containsExactly(IMAGE);
        assertThat(lines.list).isEmpty();
    }

    @Test
    void autoWithDockerButNoImageFallsBackToEmbeddedAndSaysWhyAndHowToForceEither() {
        FakeDocker docker = FakeDocker.withoutImage(NO_REGISTRY);

        assertThat(DatabaseChoice.choose("AUTO", IMAGE, docker)).isEqualTo(Server.EMBEDDED_MARIADB);
        assertThat(lines.list).singleElement().satisfies(line -> {
            assertThat(line.getLevel()).isEqualTo(Level.WARN);
            assertThat(line.getFormattedMessage()).isEqualTo("Docker answers, but the MySQL image mysql:8.4 cannot be"
                    + " obtained (" + NO_REGISTRY + "): the integration tests use embedded MariaDB instead."
                    + " -Deventual.test.db=embedded skips Docker, -Deventual.test.db=testcontainers makes this an error,"
                    + " -Deventual.test.mysql-image names a mirror's copy of the image");
        });
    }

    @Test
    void explicitTestcontainersWithoutTheImageFailsNamingTheProperties() {
        assertThatThrownBy(() -> DatabaseChoice.choose("testcontainers", IMAGE, FakeDocker.withoutImage(NO_REGISTRY)))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("-Deventual.test.db=testcontainers, but the MySQL image mysql:8.4 cannot be obtained ("
                        + NO_REGISTRY + "): pull it, point -Deventual.test.mysql-image at a mirror's copy, or set"
                        + " -Deventual.test.db=embedded (or auto)");
    }

    @Test
    void explicitTestcontainersWithoutDockerFailsNamingTheProperty() {
        assertThatThrownBy(() -> DatabaseChoice.choose("testcontainers", IMAGE, FakeDocker.unreachable()))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("no Docker engine answers").hasMessageContaining("-Deventual.test.db=embedded");
    }

    @Test
    void explicitTestcontainersWithTheImageUsesTheContainer() {
        assertThat(DatabaseChoice.choose("testcontainers", IMAGE, FakeDocker.withImage())).isEqualTo(Server.MYSQL_CONTAINER);
    }

    @Test
    void explicitEmbeddedNeverAsksDocker() {
        FakeDocker docker = FakeDocker.withImage();

        assertThat(DatabaseChoice.choose("embedded", IMAGE, docker)).isEqualTo(Server.EMBEDDED_MARIADB);
        assertThat(docker.reachabilityAsked).isFalse();
    }

    @Test
    void anUnknownModeNamesTheChoices() {
        assertThatThrownBy(() -> DatabaseChoice.choose("docker", IMAGE, FakeDocker.withImage()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("eventual.test.db must be auto, embedded or testcontainers, not docker");
    }

    /** A Docker engine with a fixed answer, recording what it was asked. */
    private static final class FakeDocker implements DockerEngine {

        private final boolean reachable;
        private final Optional<String> imageProblem;
        final List<String> imagesAsked = new ArrayList<>();
        boolean reachabilityAsked;

        private FakeDocker(boolean reachable, Optional<String> imageProblem) {
            this.reachable = reachable;
            this.imageProblem = imageProblem;
        }

        static FakeDocker unreachable() {
            return new FakeDocker(false, Optional.empty());
        }

        static FakeDocker withImage() {
            return new FakeDocker(true, Optional.empty());
        }

        static FakeDocker withoutImage(String reason) {
            return new FakeDocker(true, Optional.of(reason));
        }

        @Override
        public boolean isReachable() {
            reachabilityAsked = true;
            return reachable;
        }

        @Override
        public Optional<String> unobtainable(String image) {
            imagesAsked.add(image);
            return imageProblem;
        }
    }
}
