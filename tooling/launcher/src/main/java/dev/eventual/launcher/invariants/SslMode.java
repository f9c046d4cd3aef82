package dev.eventual.launcher.invariants;

/** Connector/J's {@code sslMode}: how the check's connections use TLS. */
public enum SslMode {
    DISABLED,
    PREFERRED,
    REQUIRED,
    VERIFY_CA,
    VERIFY_IDENTITY;

    /** Whether the server's certificate is checked, which is the only time a trust store is read. */
    boolean verifies() {
        return this == VERIFY_CA || this == VERIFY_IDENTITY;
    }
}
