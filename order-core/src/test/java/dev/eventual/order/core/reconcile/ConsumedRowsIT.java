package dev.eventual.order.core.reconcile;

import dev.eventual.order.core.reconcile.ReconcilePages.DueKey;
import dev.eventual.order.core.reconcile.ReconcilePages.PagePosition;
import dev.eventual.order.core.status.ReconcileStatus;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;

import java.time.LocalDateTime;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A page's rows that need no question to anyone are finished by one statement without a claim; the
 * statement re-checks everything on the row it changes and stays inside the page.
 */
@ReconcileStoreIT
class ConsumedRowsIT {

    @Autowired
    ReconcilePages pages;

    @Autowired
    JdbcTemplate jdbc;

    @Test
    void onlyDueConsumedRowsOfExistingOrdersAreFinished() {
        int key = 40_001;
        long done = seed(7_600_000_001L, key, "CONSUMED", true);
        long noOrder = seed(7_600_000_002L, key, "CONSUMED", false);
        long notConsumed = seed(7_600_000_003L, key, "SENT", true);
        long claimedElsewhere = seed(7_600_000_004L, key, "CONSUMED", true);
        claimByAnotherRun(claimedElsewhere);
        LocalDateTime now = now();

        List<DueKey> page = pages.page(0, ReconcileStatus.PENDING, key, key, now, PagePosition.before(key), 500);
        assertThat(page).extracting(DueKey::id).containsExactly(done, noOrder, notConsumed);

        assertThat(pages.finishConsumed(0, ReconcileStatus.PENDING, key, key, now, PagePosition.before(key),
                page.get(page.size() - 1).position())).isEqualTo(1);
        assertThat(row(done)).containsEntry("reconcile_status", "SUCCESS").containsEntry("version", 1)
                .containsEntry("claim_token", null);
        assertThat(row(noOrder)).containsEntry("reconcile_status", "PENDING").containsEntry("version", 0);
        assertThat(row(notConsumed)).containsEntry("reconcile_status", "PENDING").containsEntry("version", 0);
        assertThat(row(claimedElsewhere)).containsEntry("reconcile_status", "PENDING").containsEntry("claim_token", "other");
    }

    @Test
    void aRowClaimedByAnotherRunAfterThePageWasReadIsLeftToThatRun() {
        int key = 40_002;
        long row = seed(7_600_000_011L, key, "CONSUMED", true);
        LocalDateTime now = now();
        List<DueKey> page = pages.page(0, ReconcileStatus.PENDING, key, key, now, PagePosition.before(key), 500);
        assertThat(page).extracting(DueKey::id).containsExactly(row);

        claimByAnotherRun(row);

        assertThat(pages.finishConsumed(0, ReconcileStatus.PENDING, key, key, now, PagePosition.before(key),
                page.get(0).position())).isZero();
        assertThat(row(row)).containsEntry("reconcile_status", "PENDING").containsEntry("claim_token", "other");
    }

    @Test
    void rowsAfterThePageAreNotTouched() {
        int key = 40_003;
        long first = seed(7_600_000_021L, key, "CONSUMED", true);
        long second = seed(7_600_000_022L, key, "CONSUMED", true);
        LocalDateTime now = now();
        List<DueKey> page = pages.page(0, ReconcileStatus.PENDING, key, key, now, PagePosition.before(key), 1);
        assertThat(page).extracting(DueKey::id).containsExactly(first);

        assertThat(pages.finishConsumed(0, ReconcileStatus.PENDING, key, key, now, PagePosition.before(key),
                page.get(0).position())).isEqualTo(1);
        assertThat(row(second)).containsEntry("reconcile_status", "PENDING");

        List<DueKey> next = pages.page(0, ReconcileStatus.PENDING, key, key, now, page.get(0).position(), 1);
        assertThat(next).extracting(DueKey::id).containsExactly(second);
    }

    private long seed(long orderId, int shardKey, String msgStatus, boolean withOrder) {
        if (withOrder) {
            jdbc.update("INSERT INTO t_order (order_id, user_id, idempotency_key, sku_id, quantity, status)"
                    + " VALUES (?, 1, ?, 1, 1, 'CREATED')", orderId, "cr-" + orderId);
        }
        jdbc.update("INSERT INTO message_log (order_id, event_type, shard_key, topic, tag, msg_key, payload, msg_status,"
                + " reconcile_status, next_reconcile_time) VALUES (?, 'ORDER_CREATED', ?, 't', 'ORDER_CREATED', 'k', '{}',"
                + " ?, 'PENDING', CURRENT_TIMESTAMP(3) - INTERVAL 1 SECOND)", orderId, shardKey, msgStatus);
        return jdbc.queryForObject("SELECT id FROM message_log WHERE order_id = ?", Long.class, orderId);
    }

    /** As a run's claim does: its token, and a lease that takes the row out of every scan. */
    private void claimByAnotherRun(long id) {
        jdbc.update("UPDATE message_log SET claim_token = 'other', version = version + 1,"
                + " next_reconcile_time = CURRENT_TIMESTAMP(3) + INTERVAL 2 MINUTE WHERE id = ?", id);
    }

    private static LocalDateTime now() {
        return LocalDateTime.now().truncatedTo(ChronoUnit.MILLIS);
    }

    private Map<String, Object> row(long id) {
        return jdbc.queryForMap("SELECT reconcile_status, version, claim_token FROM message_log WHERE id = ?", id);
    }
}
