package dev.eventual.infra.test;

import dev.eventual.infra.db.MySqlContainer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Locale;
import java.util.Optional;

/**
 * Which database server the integration tests get, from {@code eventual.test.db} and what Docker
 * can do. {@code auto} means "use what works": a reachable engine whose MySQL image cannot be
 * obtained (a registry mirror, an offline laptop) falls back to embedded MariaDB with a warning.
 * An explicit {@code testcontainers} fails instead, naming the property to change.
 */
final class DatabaseChoice {

    enum Server { EMBEDDED_MARIADB, MYSQL_CONTAINER }

    private static final Logger log = LoggerFactory.getLogger(DatabaseChoice.class);

    private DatabaseChoice() {
    }

    static Server choose(String mode, String image, DockerEngine docker) {
        String property = TestInfrastructure.DB_MODE_PROPERTY;
        return switch (mode.toLowerCase(Locale.ROOT)) {
            case "embedded" -> Server.EMBEDDED_MARIADB;
            case "testcontainers" -> {
                if (!docker.isReachable()) {
                    throw new IllegalStateException("-D" + property + "=testcontainers, but no Docker engine answers:"
                            + " start one, or set -D" + property + "=embedded (or auto)");
                }
                Optional<String> problem = docker.unobtainable(image);
                if (problem.isPresent()) {
                    throw new IllegalStateException("-D" + property + "=testcontainers, but the MySQL image " + image
                            + " cannot be obtained (" + problem.get() + "): pull it, point -D"
                            + MySqlContainer.IMAGE_PROPERTY + " at a mirror's copy, or set -D" + property + "=embedded (or auto)");
                }
                yield Server.MYSQL_CONTAINER;
            }
            case "auto" -> {
                if (!docker.isReachable()) {
                    yield Server.EMBEDDED_MARIADB;
                }
                Optional<String> problem = docker.unobtainable(image);
                if (problem.isPresent()) {
                    log.warn("Docker answers, but the MySQL image {} cannot be obtained ({}): the integration tests use"
                                    + " embedded MariaDB instead. -D{}=embedded skips Docker, -D{}=testcontainers makes"
                                    + " this an error, -D{} names a mirror's copy of the image",
                            image, problem.get(), property, property, MySqlContainer.IMAGE_PROPERTY);
                    yield Server.EMBEDDED_MARIADB;
                }
                yield Server.MYSQL_CONTAINER;
            }
            default -> throw new IllegalArgumentException(
                    property + " must be auto, embedded or testcontainers, not " + mode);
        };
    }
}
