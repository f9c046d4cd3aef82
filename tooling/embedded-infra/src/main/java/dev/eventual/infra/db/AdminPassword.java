package dev.eventual.infra.db;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;

/**
 * The embedded database's admin password, kept in a file only its owner can read beside the data it
 * protects: a restart (also after {@code kill -9}) and {@code --check} need it, and a random one
 * chosen at the first start would be lost otherwise.
 */
final class AdminPassword {

    private final Path file;

    AdminPassword(Path file) {
        this.file = file;
    }

    Path file() {
        return file;
    }

    boolean isSet() {
        return Files.exists(file);
    }

    String read() {
        try {
            return Files.readString(file, StandardCharsets.UTF_8).strip();
        } catch (IOException e) {
            throw new IllegalStateException("cannot read " + file, e);
        }
    }

    void store(String password) {
        try {
            Path written = file.resolveSibling(file.getFileName() + ".new");
            Files.deleteIfExists(written);
            Files.createFile(written, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            Files.writeString(written, password + "\n", StandardCharsets.UTF_8);
            Files.move(written, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new IllegalStateException("cannot write " + file, e);
        }
    }

    /**
     * For a server started without grant checks, on one connection: FLUSH PRIVILEGES turns the checks on
     * (for new connections) and enables account management, then root gets its password.
     */
    static List<String> grantStatements(String password) {
        String quoted = quote(password);
        List<String> statements = new ArrayList<>(List.of("FLUSH PRIVILEGES"));
        for (String host : List.of("127.0.0.1", "localhost")) {
            statements.add("CREATE USER IF NOT EXISTS 'root'@'" + host + "' IDENTIFIED BY " + quoted);
            statements.add("GRANT ALL PRIVILEGES ON *.* TO 'root'@'" + host + "' WITH GRANT OPTION");
        }
        statements.addAll(alterStatements(password));
        return statements;
    }

    static List<String> alterStatements(String password) {
        String quoted = quote(password);
        return List.of("ALTER USER 'root'@'127.0.0.1' IDENTIFIED BY " + quoted,
                "ALTER USER 'root'@'localhost' IDENTIFIED BY " + quoted);
    }

    private static String quote(String password) {
        if (password.isEmpty() || password.contains("'") || password.contains("\\")) {
            throw new IllegalArgumentException("the database password must be non-empty, without quotes or backslashes");
        }
        return "'" + password + "'";
    }
}
