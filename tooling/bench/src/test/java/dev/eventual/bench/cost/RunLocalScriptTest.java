package dev.eventual.bench.cost;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** --layout=local starts ./run-local.sh at a port offset where none of its ports is taken. */
class RunLocalScriptTest {

    @Test
    void thePortsCheckedAreTheDocumentedOnesMovedByTheOffset() {
        // docs/running-locally.md: MariaDB, Redis, NameServer, the four services and the auth-server, management + 1000
        assertThat(RunLocalScript.ports(0)).contains(13306, 16379, 19876, 8081, 8082, 8083, 8084, 9000, 9081, 9084, 10000)
                .doesNotHaveDuplicates();
        assertThat(RunLocalScript.ports(20_000)).containsExactlyElementsOf(
                RunLocalScript.ports(0).stream().map(port -> port + 20_000).toList());
        assertThat(RunLocalScript.OFFSETS).contains(RunLocalScript.freeOffset());
    }

    @Test
    void aTakenPortIsNamed() throws IOException {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            int free;
            try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
                free = probe.getLocalPort();
            }
            assertThat(RunLocalScript.takenPorts(List.of(taken.getLocalPort(), free))).containsExactly(taken.getLocalPort());
        }
    }
}
