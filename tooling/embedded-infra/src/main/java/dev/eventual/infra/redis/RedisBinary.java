package dev.eventual.infra.redis;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Locale;

/**
 * The redis-server executable that the embedded-redis jar carries as a class-path resource (Redis 6.2
 * for linux amd64 and arm64), copied once into the server's own directory: no system install, and
 * nothing under java.io.tmpdir that a cleaner could remove while it runs.
 */
final class RedisBinary {

    private RedisBinary() {
    }

    /** @return the executable under {@code directory}, copied there if it is not yet */
    static Path installIn(Path directory) {
        String resource = resourceForThisMachine();
        Path executable = directory.resolve(resource);
        if (Files.isExecutable(executable)) {
            return executable;
        }
        try (InputStream in = RedisBinary.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("the class path has no " + resource + " (the embedded-redis jar)");
            }
            Files.createDirectories(directory);
            // copied aside and moved in, so a copy cut short is never taken for the binary
            Path partial = directory.resolve(resource + ".partial");
            Files.copy(in, partial, StandardCopyOption.REPLACE_EXISTING);
            Files.setPosixFilePermissions(partial, PosixFilePermissions.fromString("rwx------"));
            Files.move(partial, executable, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            return executable;
        } catch (IOException e) {
            throw new IllegalStateException("cannot install redis-server into " + directory, e);
        }
    }

    private static String resourceForThisMachine() {
        String os = System.getProperty("os.name").toLowerCase(Locale.ROOT);
        String arch = System.getProperty("os.arch").toLowerCase(Locale.ROOT);
        if (os.contains("linux") && (arch.equals("amd64") || arch.equals("x86_64"))) {
            return "redis-server-6.2.6-v5-linux-amd64";
        }
        if (os.contains("linux") && arch.equals("aarch64")) {
            return "redis-server-6.2.7-linux-arm64";
        }
        throw new IllegalStateException("no bundled redis-server for " + os + "/" + arch
                + " (embedded Redis runs on linux amd64 and arm64)");
    }
}
