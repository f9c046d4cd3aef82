package dev.eventual.infra.db;

import java.util.List;

/**
 * What {@code mariadb-install-db} leaves that a suite with accounts must not keep: anonymous accounts
 * ({@code ''@localhost} logs in without a password) and the {@code test} databases anyone may use. The
 * same removals as {@code mariadb-secure-installation}, run at every start so that a data directory
 * made by an earlier version is cleaned too; each statement is a no-op once done.
 */
final class InstallDefaults {

    private InstallDefaults() {
    }

    static List<String> removalStatements() {
        return List.of(
                "DELETE FROM mysql.global_priv WHERE User = ''",
                "DROP DATABASE IF EXISTS test",
                "DELETE FROM mysql.db WHERE Db = 'test' OR Db = 'test\\\\_%'",
                "FLUSH PRIVILEGES");
    }
}
