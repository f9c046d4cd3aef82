package dev.eventual.launcher.identity;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Properties;

/** Secrets of the data directory: written whole (a new file moved into place), readable by their owner only. */
final class OwnerOnlyFile {

    private OwnerOnlyFile() {
    }

    static void write(Path file, Properties properties, String comment) {
        try {
            Files.createDirectories(file.getParent());
            StringWriter text = new StringWriter();
            properties.store(text, comment);
            Path written = file.resolveSibling(file.getFileName() + ".new");
            Files.deleteIfExists(written);
            Files.createFile(written, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            Files.writeString(written, text.toString(), StandardCharsets.UTF_8);
            Files.move(written, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }
}
