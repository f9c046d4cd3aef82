package dev.eventual.order.publish;

import dev.eventual.infra.test.HttpCall;
import dev.eventual.infra.test.PoolExhaustion;
import dev.eventual.infra.test.TestInfrastructure;
import dev.eventual.infra.test.TestTokens;
import dev.eventual.order.support.OrderServiceIT;
import dev.eventual.order.support.OrderTables;
import io.micrometer.core.instrument.MeterRegistry;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;

import javax.sql.DataSource;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * No database connection is answered as what it is, 503 database-unavailable, and counted; nothing is written.
 * How order-core tells it apart from the broker is order-core's LocalTransactionFailuresIT.
 */
@OrderServiceIT
class DatabaseUnavailableIT {

    @LocalServerPort
    int port;

    @Autowired
    JdbcTemplate jdbc;

    @Autowired
    DataSource dataSource;

    @Autowired
    DataSourceTransactionManager transactions;

    @Autowired
    MeterRegistry meters;

    private final TestTokens tokens = TestInfrastructure.shared().authServer().tokens();

    @Test
    void noDatabaseConnectionIsDatabaseUnavailableAndNothingIsWritten() throws Exception {
        // the customer's own order, which it may cancel; signed in before the pool is taken
        String customer = tokens.customer(61);
        String orderId = HttpCall.post(port, "/api/orders").bearer(customer).json("{\"userId\":61,\"skuId\":6,\"quantity\":1}")
                .send().json().get("orderId").asString();
        OrderTables before = OrderTables.count(jdbc);
        double placeRefusals = counter("eventual.orders.rejected");
        double cancelRefusals = counter("eventual.orders.cancel.rejected");

        HttpCall.Response placing;
        HttpCall.Response canceling;
        try (PoolExhaustion exhausted = PoolExhaustion.of(dataSource, transactions.getDataSource())) {
            placing = HttpCall.post(port, "/api/orders").bearer(customer).json("{\"userId\":61,\"skuId\":6,\"quantity\":1}").send();
            canceling = HttpCall.post(port, "/api/orders/" + orderId + "/cancel").bearer(customer).send();
        }

        for (HttpCall.Response refused : List.of(placing, canceling)) {
            assertThat(refused.status()).isEqualTo(503);
            assertThat(refused.contentType()).startsWith("application/problem+json");
            assertThat(refused.json().get("type").asString()).isEqualTo("urn:eventual:problem:database-unavailable");
        }
        assertThat(counter("eventual.orders.rejected")).isEqualTo(placeRefusals + 1);
        assertThat(counter("eventual.orders.cancel.rejected")).isEqualTo(cancelRefusals + 1);
        assertThat(OrderTables.count(jdbc)).isEqualTo(before);
        assertThat(jdbc.queryForObject("SELECT status FROM t_order WHERE order_id = ?", String.class, Long.parseLong(orderId)))
                .isEqualTo("CREATED");
    }

    private double counter(String name) {
        var counter = meters.find(name).tag("reason", "database_unavailable").counter();
        return counter == null ? 0 : counter.count();
    }
}
