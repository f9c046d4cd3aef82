package dev.eventual.infra.test;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import dev.eventual.infra.test.ServerChoice.Kind;
import dev.eventual.infra.test.ServerChoice.Server;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ServerChoiceTest {

    private static final String IMAGE = "mysql:8.4";
    private static final String NO_REGISTRY = "Get \"https://registry-1.docker.io/v2/\": dial tcp: lookup registry-1.docker.io: no such host";

    private final Logger logger = (Logger) LoggerFactory.getLogger(ServerChoice.class);
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

        assertThat(ServerChoice.choose(Kind.DATABASE, "auto", IMAGE, docker)).isEqualTo(Server.EMBEDDED);
        assertThat(docker.imagesAsked).isEmpty();
        assertThat(lines.list).isEmpty();
    }

    @Test
    void autoWithDockerAndTheImageUsesTheContainer() {
        FakeDocker docker = FakeDocker.withImage();

        assertThat(ServerChoice.choose(Kind.DATABASE, "auto", IMAGE, docker)).isEqualTo(Server.CONTAINER);
        assertThat(docker.imagesAsked).containsExactly(IMAGE);
        assertThat(lines.list).isEmpty();
    }

    @Test
    void autoWithDockerButNoImageFallsBackToEmbeddedAndSaysWhyAndHowToForceEither() {
        FakeDocker docker = FakeDocker.withoutImage(NO_REGISTRY);

        assertThat(ServerChoice.choose(Kind.DATABASE, "AUTO", IMAGE, docker)).isEqualTo(Server.EMBEDDED);
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
        assertThatThrownBy(() -> ServerChoice.choose(Kind.DATABASE, "testcontainers", IMAGE, FakeDocker.withoutImage(NO_REGISTRY)))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("-Deventual.test.db=testcontainers, but the MySQL image mysql:8.4 cannot be obtained ("
                        + NO_REGISTRY + "): pull it, point -Deventual.test.mysql-image at a mirror's copy, or set"
                        + " -Deventual.test.db=embedded (or auto)");
    }

    @Test
    void explicitTestcontainersWithoutDockerFailsNamingTheProperty() {
        assertThatThrownBy(() -> ServerChoice.choose(Kind.DATABASE, "testcontainers", IMAGE, FakeDocker.unreachable()))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("no Docker engine answers").hasMessageContaining("-Deventual.test.db=embedded");
    }

    @Test
    void explicitTestcontainersWithTheImageUsesTheContainer() {
        assertThat(ServerChoice.choose(Kind.DATABASE, "testcontainers", IMAGE, FakeDocker.withImage())).isEqualTo(Server.CONTAINER);
    }

    @Test
    void explicitEmbeddedNeverAsksDocker() {
        FakeDocker docker = FakeDocker.withImage();

        assertThat(ServerChoice.choose(Kind.DATABASE, "embedded", IMAGE, docker)).isEqualTo(Server.EMBEDDED);
        assertThat(docker.reachabilityAsked).isFalse();
    }

    @Test
    void anUnknownModeNamesTheChoices() {
        assertThatThrownBy(() -> ServerChoice.choose(Kind.DATABASE, "docker", IMAGE, FakeDocker.withImage()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("eventual.test.db must be auto, embedded or testcontainers, not docker");
    }

    @Test
    void redisFallsBackToEmbeddedRedisByTheSameRulesWithItsOwnProperties() {
        FakeDocker docker = FakeDocker.withoutImage(NO_REGISTRY);

        assertThat(ServerChoice.choose(Kind.REDIS, "auto", "redis:7", docker)).isEqualTo(Server.EMBEDDED);
        assertThat(lines.list).singleElement().satisfies(line -> {
            assertThat(line.getLevel()).isEqualTo(Level.WARN);
            assertThat(line.getFormattedMessage()).isEqualTo("Docker answers, but the Redis image redis:7 cannot be"
                    + " obtained (" + NO_REGISTRY + "): the integration tests use embedded Redis instead."
                    + " -Deventual.test.redis-mode=embedded skips Docker, -Deventual.test.redis-mode=testcontainers makes"
                    + " this an error, -Deventual.test.redis-image names a mirror's copy of the image");
        });
        assertThat(ServerChoice.choose(Kind.REDIS, "auto", "redis:7", FakeDocker.unreachable())).isEqualTo(Server.EMBEDDED);
        assertThat(ServerChoice.choose(Kind.REDIS, "auto", "redis:7", FakeDocker.withImage())).isEqualTo(Server.CONTAINER);
        assertThatThrownBy(() -> ServerChoice.choose(Kind.REDIS, "testcontainers", "redis:7", docker))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("-Deventual.test.redis-mode=testcontainers, but the Redis image redis:7 cannot be obtained ("
                        + NO_REGISTRY + "): pull it, point -Deventual.test.redis-image at a mirror's copy, or set"
                        + " -Deventual.test.redis-mode=embedded (or auto)");
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
