package dev.eventual.launcher;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A data directory keeps how many servers its order_db is split across; another number is refused. */
class OrderServersMarkTest {

    @TempDir
    Path data;

    @Test
    void aNewDirectoryTakesWhatIsAskedAndKeepsIt() {
        assertThat(OrderServersMark.agree(data, 2)).isEqualTo(2);
        assertThat(OrderServersMark.read(data)).isEqualTo(2);
        assertThat(OrderServersMark.agree(data, 0)).as("no flag: what the directory holds").isEqualTo(2);
    }

    @Test
    void keptDataWithAnotherNumberIsRefusedAndTheMarkStays() throws IOException {
        OrderServersMark.agree(data, 2);
        Files.createDirectories(data.resolve("mariadb"));

        assertThatThrownBy(() -> OrderServersMark.agree(data, 1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("holds order_db on 2 server(s), not 1").hasMessageContaining("Resharding order_db");
        assertThat(OrderServersMark.read(data)).isEqualTo(2);
    }

    @Test
    void dataFromBeforeTheMarkIsOneServer() throws IOException {
        Files.createDirectories(data.resolve("mariadb"));

        assertThatThrownBy(() -> OrderServersMark.agree(data, 2)).hasMessageContaining("on 1 server(s), not 2");
        assertThat(OrderServersMark.agree(data, 0)).isEqualTo(1);
    }

    @Test
    void theBannerAndTheCheckNameEveryServer() {
        assertThat(LocalLauncher.orderDbLine(List.of(13306))).contains("on that server", "--order-shards=2");
        assertThat(LocalLauncher.orderDbLine(List.of(13306, 13307)))
                .contains("127.0.0.1:13306 (logical shards 0-511), 127.0.0.1:13307 (logical shards 512-1023)");
        OrderServersMark.agree(data, 2);
        java.util.Map<String, String> env = java.util.Map.of("EVENTUAL_DATA_DIR", data.toString());
        assertThat(LocalLauncher.localOrderServers(List.of("--initial-stock=1:1"), env))
                .containsExactly("--initial-stock=1:1", "--order-db=127.0.0.1:13306,127.0.0.1:13307");
        assertThat(LocalLauncher.localOrderServers(List.of("--order-db=h:1"), env)).containsExactly("--order-db=h:1");
        assertThat(LocalLauncher.localOrderServers(List.of("--order-db", "h:1"), env)).containsExactly("--order-db", "h:1");
        // a database's own account or password is no list of servers: every server is still read
        assertThat(LocalLauncher.localOrderServers(List.of("--order-db-user=reader"), env))
                .containsExactly("--order-db-user=reader", "--order-db=127.0.0.1:13306,127.0.0.1:13307");
        assertThat(LocalLauncher.localOrderServers(List.of("--order-db-password-file", "/run/secret"), env))
                .containsExactly("--order-db-password-file", "/run/secret", "--order-db=127.0.0.1:13306,127.0.0.1:13307");
    }
}
