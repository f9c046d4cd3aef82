package dev.eventual.infra.db;

import org.testcontainers.mysql.MySQLContainer;
import org.testcontainers.utility.DockerImageName;

/**
 * MySQL 8.4 (the production database) through Testcontainers, where a Docker engine runs.
 * The image can be replaced (registry mirror) with {@code -Deventual.test.mysql-image=...}.
 */
public final class MySqlContainer implements DatabaseServer {

    public static final String IMAGE_PROPERTY = "eventual.test.mysql-image";
    private static final String DEFAULT_IMAGE = "mysql:8.4";

    private final MySQLContainer container;

    private MySqlContainer(MySQLContainer container) {
        this.container = container;
    }

    /** The image to run: {@code mysql:8.4} unless {@value #IMAGE_PROPERTY} names another. */
    public static String image() {
        return System.getProperty(IMAGE_PROPERTY, DEFAULT_IMAGE);
    }

    public static MySqlContainer start() {
        DockerImageName image = DockerImageName.parse(image()).asCompatibleSubstituteFor("mysql");
        MySQLContainer container = new MySQLContainer(image)
                .withUsername("root")
                .withPassword("eventual-test")
                .withCommand("--character-set-server=utf8mb4", "--collation-server=utf8mb4_unicode_ci",
                        "--default-time-zone=+00:00", "--max-connections=500");
        container.start();
        return new MySqlContainer(container);
    }

    @Override
    public String jdbcUrl(String database) {
        return JdbcUrls.mysql(container.getHost(), container.getMappedPort(3306), database);
    }

    @Override
    public String username() {
        return container.getUsername();
    }

    @Override
    public String password() {
        return container.getPassword();
    }

    @Override
    public void createDatabase(String database) {
        Sql.execute(JdbcUrls.server(container.getHost(), container.getMappedPort(3306)), username(), password(),
                Sql.createDatabase(database));
    }

    @Override
    public String description() {
        return "MySQL container " + container.getDockerImageName() + " on " + container.getHost() + ":"
                + container.getMappedPort(3306);
    }

    @Override
    public void close() {
        container.stop();
    }
}
