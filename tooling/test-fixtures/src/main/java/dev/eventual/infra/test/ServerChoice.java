package dev.eventual.infra.test;

import dev.eventual.infra.db.MySqlContainer;
import dev.eventual.infra.redis.RedisContainer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Locale;
import java.util.Optional;

/**
 * Which server the integration tests get, embedded or a Testcontainers container, from a mode
 * property and what Docker can do. {@code auto} means "use what works": a reachable engine whose image
 * cannot be obtained (a registry mirror, an offline laptop) falls back to the embedded server with a
 * warning. An explicit {@code testcontainers} fails instead, naming the property to change. The
 * database and Redis are chosen by the same rules, each with its own properties.
 */
final class ServerChoice {

    enum Server { EMBEDDED, CONTAINER }

    /**
     * What is chosen, for the messages.
     *
     * @param modeProperty  auto, embedded or testcontainers
     * @param imageProperty names another image (a mirror's copy)
     * @param imageName     what the image is, as people call it
     * @param embeddedName  the server used instead of the container
     */
    record Kind(String modeProperty, String imageProperty, String imageName, String embeddedName) {

        static final Kind DATABASE = new Kind(TestInfrastructure.DB_MODE_PROPERTY, MySqlContainer.IMAGE_PROPERTY, "MySQL",
                "embedded MariaDB");
        static final Kind REDIS = new Kind(TestInfrastructure.REDIS_MODE_PROPERTY, RedisContainer.IMAGE_PROPERTY, "Redis",
                "embedded Redis");
    }

    private static final Logger log = LoggerFactory.getLogger(ServerChoice.class);

    private ServerChoice() {
    }

    static Server choose(Kind kind, String mode, String image, DockerEngine docker) {
        String property = kind.modeProperty();
        return switch (mode.toLowerCase(Locale.ROOT)) {
            case "embedded" -> Server.EMBEDDED;
            case "testcontainers" -> {
                if (!docker.isReachable()) {
                    throw new IllegalStateException("-D" + property + "=testcontainers, but no Docker engine answers:"
                            + " start one, or set -D" + property + "=embedded (or auto)");
                }
                Optional<String> problem = docker.unobtainable(image);
                if (problem.isPresent()) {
                    throw new IllegalStateException("-D" + property + "=testcontainers, but the " + kind.imageName() + " image "
                            + image + " cannot be obtained (" + problem.get() + "): pull it, point -D"
                            + kind.imageProperty() + " at a mirror's copy, or set -D" + property + "=embedded (or auto)");
                }
                yield Server.CONTAINER;
            }
            case "auto" -> {
                if (!docker.isReachable()) {
                    yield Server.EMBEDDED;
                }
                Optional<String> problem = docker.unobtainable(image);
                if (problem.isPresent()) {
                    log.warn("Docker answers, but the {} image {} cannot be obtained ({}): the integration tests use {}"
                                    + " instead. -D{}=embedded skips Docker, -D{}=testcontainers makes this an error,"
                                    + " -D{} names a mirror's copy of the image",
                            kind.imageName(), image, problem.get(), kind.embeddedName(), property, property,
                            kind.imageProperty());
                    yield Server.EMBEDDED;
                }
                yield Server.CONTAINER;
            }
            default -> throw new IllegalArgumentException(
                    property + " must be auto, embedded or testcontainers, not " + mode);
        };
    }
}
