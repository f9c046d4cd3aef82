package dev.eventual.infra.db;

import dev.eventual.infra.Directories;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The local suite's database keeps its data wherever it lives, comes back after its launcher was
 * killed, needs a password, listens on loopback only, and starts from a deep directory.
 */
class EmbeddedMariaDbIT {

    /** Outside java.io.tmpdir (the build's target/), as a checkout's .local-data is under ./run-local.sh. */
    private final Path kept = Path.of(System.getProperty("eventual.test.kept-dir", "/var/tmp"))
            .resolve("eventual-it-" + System.nanoTime());

    @AfterEach
    void removeKeptData() {
        Directories.deleteRecursively(kept);
    }

    @Test
    void keptDataSurvivesALeftoverServerAndARestartFromADeepDirectory() throws Exception {
        Path directory = kept;
        while (directory.toString().length() < 130) {
            directory = directory.resolve("a-rather-deep-checkout-path");
        }
        EmbeddedMariaDb first = EmbeddedMariaDb.startWithAccounts(directory, 0, EmbeddedMariaDb.LOOPBACK, null, true);
        first.createDatabase("it_kept");
        first.execute("CREATE TABLE it_kept.t (id INT PRIMARY KEY)");
        first.execute("INSERT INTO it_kept.t VALUES (1), (2), (3)");
        String password = first.password();
        assertThat(password).hasSizeGreaterThanOrEqualTo(16);
        assertThat(Files.readString(directory.resolve("root-password")).strip()).isEqualTo(password);
        assertThat(Files.getPosixFilePermissions(directory.resolve("root-password")))
                .containsExactlyInAnyOrder(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE);
        assertThat(bindAddress(first)).isEqualTo("127.0.0.1");
        assertThatThrownBy(() -> DriverManager.getConnection(first.jdbcUrl(""), "root", "").close())
                .isInstanceOf(SQLException.class).hasMessageContaining("Access denied");
        assertNoInstallDefaults(first);
        // as a data directory made before the anonymous accounts were removed
        first.execute(List.of("CREATE USER ''@'localhost'", "CREATE DATABASE test"));

        // the first server is left running, as after kill -9 of its JVM: the next start stops it and goes on
        EmbeddedMariaDb second = EmbeddedMariaDb.startWithAccounts(directory, 0, EmbeddedMariaDb.LOOPBACK, null, true);
        assertThat(rows(second)).isEqualTo(3);
        assertThat(second.password()).isEqualTo(password);
        assertNoInstallDefaults(second);
        second.close();

        EmbeddedMariaDb third = EmbeddedMariaDb.startWithAccounts(directory, 0, EmbeddedMariaDb.LOOPBACK, "changed-by-env-0123", true);
        assertThat(rows(third)).isEqualTo(3);
        assertThat(third.password()).isEqualTo("changed-by-env-0123");
        third.close();
    }

    @Test
    void aThrowawayServerWithAccountsHasItsPasswordAndNoInstallDefaults() throws Exception {
        // what tests' suites start (keepData false): the defaults are dropped once root has its password
        EmbeddedMariaDb database = EmbeddedMariaDb.startWithAccounts(kept, 0, EmbeddedMariaDb.LOOPBACK, null, false);
        try {
            assertThatThrownBy(() -> DriverManager.getConnection(database.jdbcUrl(""), "root", "").close())
                    .isInstanceOf(SQLException.class).hasMessageContaining("Access denied");
            assertNoInstallDefaults(database);
        } finally {
            database.close();
        }
    }

    @Test
    void aKilledServerLosesWhatWasNotCommittedAndComesBackWithTheRest() throws Exception {
        EmbeddedMariaDb database = EmbeddedMariaDb.startWithAccounts(kept, 0, EmbeddedMariaDb.LOOPBACK, null, false);
        try {
            database.createDatabase("it_kept");
            database.execute("CREATE TABLE it_kept.t (id INT PRIMARY KEY) ENGINE=InnoDB");
            database.execute("INSERT INTO it_kept.t VALUES (1), (2), (3)");
            try (Connection open = DriverManager.getConnection(database.jdbcUrl("it_kept"), "root", database.password());
                 Statement sql = open.createStatement()) {
                open.setAutoCommit(false);
                sql.executeUpdate("INSERT INTO it_kept.t VALUES (4)");

                database.kill();

                assertThatThrownBy(() -> DriverManager.getConnection(database.jdbcUrl(""), "root", database.password()).close())
                        .as("nothing listens any more").isInstanceOf(SQLException.class);
                assertThatThrownBy(open::commit).as("the open transaction died with the server").isInstanceOf(SQLException.class);
            }
            database.startAgain();
            assertThat(rows(database)).as("the three committed rows, not the uncommitted fourth").isEqualTo(3);
        } finally {
            database.close();
        }
    }

    @Test
    void dataUnderJavaIoTmpdirIsRefusedNotDeleted() throws Exception {
        Path directory = Path.of(System.getProperty("java.io.tmpdir")).resolve("eventual-it-tmp-" + System.nanoTime());
        Path marker = directory.resolve("data").resolve("marker");
        Directories.create(marker.getParent());
        Files.writeString(marker, "kept");
        try {
            assertThatThrownBy(() -> EmbeddedMariaDb.startWithAccounts(directory, 0, EmbeddedMariaDb.LOOPBACK, null, true))
                    .isInstanceOf(IllegalStateException.class).hasMessageContaining("java.io.tmpdir");
            assertThat(marker).hasContent("kept");
        } finally {
            Directories.deleteRecursively(directory);
        }
    }

    /** What mariadb-secure-installation removes: anonymous accounts and the test databases. */
    private static void assertNoInstallDefaults(EmbeddedMariaDb database) throws SQLException {
        assertThatThrownBy(() -> DriverManager.getConnection(database.jdbcUrl(""), "", "").close())
                .isInstanceOf(SQLException.class).hasMessageContaining("Access denied");
        try (Connection connection = DriverManager.getConnection(database.jdbcUrl(""), database.username(),
                database.password()); Statement sql = connection.createStatement()) {
            try (ResultSet anonymous = sql.executeQuery("SELECT COUNT(*) FROM mysql.global_priv WHERE User = ''")) {
                anonymous.next();
                assertThat(anonymous.getLong(1)).as("anonymous accounts").isZero();
            }
            try (ResultSet testGrants = sql.executeQuery("SELECT COUNT(*) FROM mysql.db WHERE Db LIKE 'test%'")) {
                testGrants.next();
                assertThat(testGrants.getLong(1)).as("grants on the test databases").isZero();
            }
            try (ResultSet test = sql.executeQuery("SHOW DATABASES LIKE 'test'")) {
                assertThat(test.next()).as("a test database").isFalse();
            }
        }
    }

    private static long rows(EmbeddedMariaDb database) throws SQLException {
        try (Connection connection = DriverManager.getConnection(database.jdbcUrl("it_kept"), database.username(),
                database.password()); Statement sql = connection.createStatement();
             ResultSet count = sql.executeQuery("SELECT COUNT(*) FROM t")) {
            count.next();
            return count.getLong(1);
        }
    }

    private static String bindAddress(EmbeddedMariaDb database) throws SQLException {
        try (Connection connection = DriverManager.getConnection(database.jdbcUrl(""), database.username(),
                database.password()); Statement sql = connection.createStatement();
             ResultSet address = sql.executeQuery("SELECT @@bind_address")) {
            address.next();
            return address.getString(1);
        }
    }
}
