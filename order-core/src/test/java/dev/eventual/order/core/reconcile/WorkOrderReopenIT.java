package dev.eventual.order.core.reconcile;

import dev.eventual.order.core.reconcile.WorkOrders;
import dev.eventual.order.core.reconcile.ReconcilePages.WorkOrderOpening;
import dev.eventual.order.core.reconcile.WorkOrders.Audit;
import dev.eventual.order.core.reconcile.WorkOrders.WorkOrder;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;

import java.time.LocalDateTime;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

/**
 * A work order's life in order_db: opened by a run that holds its event's claim, resolved by a person (its
 * event handed back), reopened when the event runs out of retries again, open again as a whole: it shows
 * nothing of the resolution before it, and the audit keeps all three.
 */
@ReconcileStoreIT
class WorkOrderReopenIT {

    @Autowired
    ReconcilePages pages;

    @Autowired
    WorkOrders workOrders;

    @Autowired
    JdbcTemplate jdbc;

    @Test
    void reopeningClearsThePreviousResolversFields() {
        long orderId = ThreadLocalRandom.current().nextLong(1L << 40, 1L << 50);
        long event = claimedEvent(orderId, "token-1");
        LocalDateTime now = LocalDateTime.now().truncatedTo(ChronoUnit.MILLIS);
        assertThat(pages.openWorkOrder(0, opening(orderId, event, "stock short"), "token-1", now)).isPresent();
        assertThat(event(event)).containsEntry("reconcile_status", "FAIL").containsEntry("claim_token", null)
                .containsEntry("last_error", "stock short");
        long id = workOrders.page(new WorkOrders.Filter(null, orderId, null, null, null), 0, 10).workOrders()
                .get(0).workOrder().id();

        assertThat(workOrders.resolve(id, WorkOrders.Action.RETRY, "ops-alice", "stock added")).isEmpty();
        assertThat(event(event)).containsEntry("reconcile_status", "RETRY").containsEntry("retry_count", 0);
        assertThat(workOrders.resolve(id, WorkOrders.Action.CLOSE, "ops-bob", "twice"))
                .contains("work order " + id + " was resolved meanwhile");

        jdbc.update("UPDATE message_log SET claim_token = 'token-2' WHERE id = ?", event);
        assertThat(pages.openWorkOrder(0, opening(orderId, event, "still short"), "token-2", now)).isPresent();

        WorkOrder reopened = workOrders.find(id).orElseThrow();
        assertThat(reopened.status()).isEqualTo(WorkOrders.Status.OPEN);
        assertThat(reopened.openCount()).isEqualTo(2);
        assertThat(reopened.reason()).isEqualTo("still short");
        assertThat(reopened.resolution()).isNull();
        assertThat(reopened.resolvedBy()).isNull();
        assertThat(reopened.resolvedAt()).isNull();
        assertThat(reopened.resolutionNote()).isNull();
        assertThat(workOrders.findAudited(id).orElseThrow().audit())
                .extracting(Audit::action, Audit::operator, Audit::outcome, Audit::detail)
                .containsExactly(tuple("OPEN", ReconcilePages.OPERATOR, "APPLIED", "stock short"),
                        tuple("RETRY", "ops-alice", "APPLIED", null),
                        tuple("REOPEN", ReconcilePages.OPERATOR, "APPLIED", "still short"));
    }

    @Test
    void aRunWhoseClaimWasLostOpensNothing() {
        long orderId = ThreadLocalRandom.current().nextLong(1L << 40, 1L << 50);
        long event = claimedEvent(orderId, "taken-over");

        assertThat(pages.openWorkOrder(0, opening(orderId, event, "stock short"), "lost",
                LocalDateTime.now().truncatedTo(ChronoUnit.MILLIS))).isEmpty();

        assertThat(event(event)).containsEntry("reconcile_status", "PENDING").containsEntry("claim_token", "taken-over");
        assertThat(workOrders.count(new WorkOrders.Filter(null, orderId, null, null, null))).isZero();
    }

    private static WorkOrderOpening opening(long orderId, long event, String reason) {
        return new WorkOrderOpening(orderId, "ORDER_CREATED", event, null, reason, "CREATED", "FAIL", "SUCCESS", 5);
    }

    /** An ORDER_CREATED event a run claimed under {@code token}. */
    private long claimedEvent(long orderId, String token) {
        jdbc.update("INSERT INTO message_log (order_id, event_type, shard_key, topic, tag, msg_key, payload, msg_status,"
                + " reconcile_status, retry_count, next_reconcile_time, claim_token) VALUES (?, 'ORDER_CREATED', 4321, 't',"
                + " 'ORDER_CREATED', 'k', '{}', 'SENT', 'PENDING', 5, CURRENT_TIMESTAMP(3) + INTERVAL 2 MINUTE, ?)",
                orderId, token);
        return jdbc.queryForObject("SELECT id FROM message_log WHERE order_id = ?", Long.class, orderId);
    }

    private Map<String, Object> event(long id) {
        return jdbc.queryForMap("SELECT reconcile_status, retry_count, claim_token, last_error FROM message_log"
                + " WHERE id = ?", id);
    }
}
