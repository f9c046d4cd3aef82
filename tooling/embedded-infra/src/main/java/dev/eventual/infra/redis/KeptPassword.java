package dev.eventual.infra.redis;

import dev.eventual.infra.Secrets;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * The embedded Redis's password, generated once and kept beside its data in a file only its owner can
 * read: clients of a kept suite (a restart, {@code redis-cli}) need the same one again.
 */
final class KeptPassword {

    private KeptPassword() {
    }

    /** @return the password in {@code file}, or a new random one written there */
    static String readOrCreate(Path file) {
        try {
            if (Files.exists(file)) {
                String kept = Files.readString(file, StandardCharsets.UTF_8).strip();
                if (!kept.isEmpty()) {
                    return kept;
                }
            }
            String password = Secrets.random();
            writePrivate(file, password + "\n");
            return password;
        } catch (IOException e) {
            throw new IllegalStateException("cannot read or write " + file, e);
        }
    }

    /** Writes a file only its owner can read, replacing it whole (it may hold a secret). */
    static void writePrivate(Path file, String content) throws IOException {
        Path written = file.resolveSibling(file.getFileName() + ".new");
        Files.deleteIfExists(written);
        Files.createFile(written, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        Files.writeString(written, content, StandardCharsets.UTF_8);
        Files.move(written, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
}
