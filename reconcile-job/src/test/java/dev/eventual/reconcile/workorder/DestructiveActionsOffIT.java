package dev.eventual.reconcile.workorder;

import dev.eventual.order.core.reconcile.WorkOrders;
import dev.eventual.infra.test.HttpCall;
import dev.eventual.infra.test.TestAuthServer;
import dev.eventual.infra.test.TestInfrastructure;
import dev.eventual.infra.test.TestTokens;
import dev.eventual.reconcile.support.ReconcileJobIT;
import dev.eventual.reconcile.workorder.OpenWorkOrders.Opened;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.TestPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * With {@code eventual.reconcile.work-orders.destructive-actions-enabled=false} not even the admin cancels
 * an order through a work order; the refusal is audited and RETRY and CLOSE still work. order-service is a
 * closed port: had the cancel been tried, the answer would be 503 and the audit FAILED.
 */
@ReconcileJobIT
@TestPropertySource(properties = {
        "eventual.reconcile.work-orders.destructive-actions-enabled=false",
        "spring.cloud.discovery.client.simple.instances.order-service[0].uri=http://127.0.0.1:1"})
class DestructiveActionsOffIT {

    @LocalServerPort
    int port;

    @Autowired
    JdbcTemplate jdbc;

    @Autowired
    WorkOrders stored;

    private final TestTokens tokens = TestInfrastructure.shared().authServer().tokens();
    private OpenWorkOrders workOrders;

    @BeforeEach
    void workOrders() {
        workOrders = new OpenWorkOrders(jdbc);
    }

    @AfterEach
    void removeEvents() {
        workOrders.removeEvents();
    }

    @Test
    void theAdminsCancelIsRefusedAndAuditedAndCloseStillWorks() {
        Opened opened = workOrders.open();

        HttpCall.Response cancel = resolve(opened, "{\"action\":\"CANCEL_ORDER\"}");

        assertThat(cancel.status()).as(cancel.body()).isEqualTo(403);
        assertThat(cancel.contentType()).startsWith("application/problem+json");
        assertThat(cancel.json().get("detail").asString()).isEqualTo("CANCEL_ORDER is switched off here"
                + " (eventual.reconcile.work-orders.destructive-actions-enabled is false). Nothing was changed");
        assertThat(workOrders.eventStatus(opened)).isEqualTo("FAIL");
        assertThat(stored.findAudited(opened.id()).orElseThrow().audit()).singleElement().satisfies(row -> {
            assertThat(row.action()).isEqualTo("CANCEL_ORDER");
            assertThat(row.operator()).isEqualTo(TestAuthServer.ADMIN);
            assertThat(row.outcome()).isEqualTo("REJECTED");
        });

        HttpCall.Response close = resolve(opened, "{\"action\":\"CLOSE\"}");

        assertThat(close.status()).as(close.body()).isEqualTo(200);
        assertThat(close.json().get("status").asString()).isEqualTo("RESOLVED");
        assertThat(workOrders.eventStatus(opened)).isEqualTo("SUCCESS");
    }

    private HttpCall.Response resolve(Opened opened, String body) {
        return HttpCall.post(port, "/api/work-orders/" + opened.id() + "/resolve").bearer(tokens.admin()).json(body).send();
    }
}
