package dev.eventual.launcher.invariants;

/**
 * What the check connects to when the command line does not say: one set for any stack
 * ({@link #anyStack()}), another for the local suite ({@code ./run-local.sh --check}).
 *
 * @param password      null when none is known; the environment or a file may still give one
 * @param redisPassword the stock gate's Redis password when {@code --redis} is given without one; null when none is known
 */
public record CheckDefaults(String host, int port, String user, String password, SslMode sslMode, String redisPassword) {

    /** The compose stack's published MySQL port (docker-compose.yml). */
    public static final int COMPOSE_MYSQL_PORT = 33306;
    /** The read-only account docs/invariant-checker.md shows how to create. */
    public static final String READ_ONLY_USER = "eventual_checker";

    /**
     * {@code ./check-invariants.sh}: the compose stack on this machine, as the read-only account, over
     * TLS. REQUIRED because MySQL 8.4's caching_sha2_password needs TLS for a first login and a
     * production server should not be read in clear; it does not verify the certificate, which the
     * compose stack's MySQL generates itself (VERIFY_CA / VERIFY_IDENTITY with a trust store do).
     */
    public static CheckDefaults anyStack() {
        return new CheckDefaults("127.0.0.1", COMPOSE_MYSQL_PORT, READ_ONLY_USER, null, SslMode.REQUIRED, null);
    }

    @Override
    public String toString() {
        return "CheckDefaults[" + user + "@" + host + ":" + port + ", sslMode " + sslMode + "]";
    }
}
