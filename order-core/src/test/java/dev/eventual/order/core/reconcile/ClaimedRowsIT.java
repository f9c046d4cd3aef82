package dev.eventual.order.core.reconcile;

import dev.eventual.order.core.reconcile.ReconcilePages.DueRow;
import dev.eventual.order.core.reconcile.ReconcilePages.RowFinish;
import dev.eventual.order.core.status.ReconcileStatus;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;

import java.sql.Timestamp;
import java.time.LocalDateTime;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

/**
 * A claim takes the rows still due and reads them back; a page's settled rows are then finished in one
 * statement, each with its own values, only where the token still holds.
 */
@ReconcileStoreIT
class ClaimedRowsIT {

    private static final long FIRST_ORDER = 7_300_000_000L;

    @Autowired
    ReconcilePages pages;

    @Autowired
    JdbcTemplate jdbc;

    @Test
    void eachRowGetsItsOwnOutcomeAndARowClaimedByAnotherRunIsLeftAlone() {
        List<Long> ids = List.of(seed(FIRST_ORDER), seed(FIRST_ORDER + 1), seed(FIRST_ORDER + 2));
        LocalDateTime now = LocalDateTime.now().truncatedTo(ChronoUnit.MILLIS);
        assertThat(pages.claim(0, ids, "token-a", now, now.plusMinutes(2))).extracting(DueRow::id, DueRow::orderId)
                .containsExactly(tuple(ids.get(0), FIRST_ORDER), tuple(ids.get(1), FIRST_ORDER + 1),
                        tuple(ids.get(2), FIRST_ORDER + 2));
        // the third row's lease ran out and another run claimed it
        jdbc.update("UPDATE message_log SET claim_token = 'token-b' WHERE id = ?", ids.get(2));

        LocalDateTime later = now.plusMinutes(5);
        List<RowFinish> finished = pages.finish(0, List.of(
                new RowFinish(ids.get(0), ReconcileStatus.SUCCESS, 0, now, null),
                new RowFinish(ids.get(1), ReconcileStatus.RETRY, 3, later, "inventory not yet applied"),
                new RowFinish(ids.get(2), ReconcileStatus.RETRY, 1, later, "stolen")), "token-a");

        assertThat(finished).extracting(RowFinish::id).containsExactly(ids.get(0), ids.get(1));
        assertThat(row(ids.get(0))).containsEntry("reconcile_status", "SUCCESS").containsEntry("retry_count", 0)
                .containsEntry("last_error", null).containsEntry("claim_token", null)
                .containsEntry("next_reconcile_time", now);
        assertThat(row(ids.get(1))).containsEntry("reconcile_status", "RETRY").containsEntry("retry_count", 3)
                .containsEntry("last_error", "inventory not yet applied").containsEntry("claim_token", null)
                .containsEntry("next_reconcile_time", later);
        assertThat(row(ids.get(2))).containsEntry("reconcile_status", "PENDING").containsEntry("retry_count", 0)
                .containsEntry("last_error", null).containsEntry("claim_token", "token-b");
    }

    @Test
    void nothingIsWrittenWhenTheTokenHoldsNoneOfTheRows() {
        long id = seed(FIRST_ORDER + 10);
        LocalDateTime now = LocalDateTime.now().truncatedTo(ChronoUnit.MILLIS);
        pages.claim(0, List.of(id), "token-c", now, now.plusMinutes(2));

        assertThat(pages.finish(0, List.of(new RowFinish(id, ReconcileStatus.SUCCESS, 0, now, null)), "token-d"))
                .isEmpty();
        assertThat(row(id)).containsEntry("reconcile_status", "PENDING").containsEntry("claim_token", "token-c");
    }

    private long seed(long orderId) {
        jdbc.update("INSERT INTO message_log (order_id, event_type, shard_key, topic, tag, msg_key, payload, msg_status,"
                + " reconcile_status, next_reconcile_time) VALUES (?, 'ORDER_CREATED', 7, 't', 'ORDER_CREATED', 'k', '{}',"
                + " 'SENT', 'PENDING', CURRENT_TIMESTAMP(3) - INTERVAL 1 SECOND)", orderId);
        return jdbc.queryForObject("SELECT id FROM message_log WHERE order_id = ?", Long.class, orderId);
    }

    private Map<String, Object> row(long id) {
        Map<String, Object> row = jdbc.queryForMap("SELECT reconcile_status, retry_count, last_error, claim_token,"
                + " next_reconcile_time FROM message_log WHERE id = ?", id);
        Object next = row.get("next_reconcile_time");
        if (next instanceof Timestamp timestamp) {
            row.put("next_reconcile_time", timestamp.toLocalDateTime());
        }
        return row;
    }
}
