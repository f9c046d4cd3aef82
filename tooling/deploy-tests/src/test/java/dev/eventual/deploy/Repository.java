package dev.eventual.deploy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Files of the repository, found from wherever the test JVM runs (the module directory under Maven). */
final class Repository {

    private static final Path ROOT = findRoot();

    private Repository() {
    }

    static Path path(String relative) {
        return ROOT.resolve(relative).normalize();
    }

    static String read(String relative) {
        try {
            return Files.readString(path(relative));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Path findRoot() {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            if (Files.isRegularFile(dir.resolve("docker-compose.yml")) && Files.isRegularFile(dir.resolve("pom.xml"))) {
                return dir;
            }
        }
        throw new IllegalStateException("no docker-compose.yml above " + Path.of("").toAbsolutePath());
    }
}
