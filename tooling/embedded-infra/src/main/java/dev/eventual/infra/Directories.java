package dev.eventual.infra;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** File-system chores of the embedded servers. */
public final class Directories {

    private Directories() {
    }

    /** Deletes a directory tree if it exists, so a server starts from nothing. */
    public static void deleteRecursively(Path path) {
        if (!Files.exists(path)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(path)) {
            walk.sorted(Comparator.reverseOrder()).map(Path::toFile).forEach(File::delete);
        } catch (IOException e) {
            throw new IllegalStateException("cannot clear " + path, e);
        }
    }

    public static void create(Path path) {
        try {
            Files.createDirectories(path);
        } catch (IOException e) {
            throw new IllegalStateException("cannot create " + path, e);
        }
    }
}
