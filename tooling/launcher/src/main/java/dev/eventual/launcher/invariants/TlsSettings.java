package dev.eventual.launcher.invariants;

import java.nio.file.Path;
import java.util.Properties;

/**
 * TLS for every connection of the check, as Connector/J properties.
 *
 * @param trustStore null: for VERIFY_* the JVM's default trust store (a certificate signed by a
 *                   public CA), else the given key store of trusted certificates
 */
record TlsSettings(SslMode sslMode, Path trustStore, String trustStoreType, String trustStorePassword) {

    void addTo(Properties connection) {
        connection.setProperty("sslMode", sslMode.name());
        if (trustStore != null) {
            connection.setProperty("trustCertificateKeyStoreUrl", trustStore.toUri().toString());
            connection.setProperty("trustCertificateKeyStoreType", trustStoreType);
            if (trustStorePassword != null) {
                connection.setProperty("trustCertificateKeyStorePassword", trustStorePassword);
            }
        }
    }

    @Override
    public String toString() {
        return "TlsSettings[" + sslMode + (trustStore == null ? "" : ", trust store " + trustStore) + "]";
    }
}
