package dev.eventual.notice.retention;

import dev.eventual.infra.test.HttpCall;
import dev.eventual.notice.support.Events;
import dev.eventual.notice.support.InternalApi;
import dev.eventual.notice.support.Meters;
import dev.eventual.notice.support.NoticeServiceIT;
import io.micrometer.core.instrument.MeterRegistry;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import tools.jackson.databind.JsonNode;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The cleanup endpoint on the real database, called as reconcile-job calls it: it deletes the records untouched for
 * the 30-day retention, whatever their status, in batches (50 in the tests) through the status index, and answers
 * what it removed and the age of the oldest record left; a caller whose horizon the retention does not outlive is
 * refused. Records are aged by setting their {@code updated_at} back, as the database's clock cannot move.
 */
@NoticeServiceIT
class NoticeLogCleanupIT {

    private static final long DAY = Duration.ofDays(1).toSeconds();
    private static final long RECONCILE_HORIZON = Duration.ofHours(2).toSeconds();

    @LocalServerPort
    int port;

    @Autowired
    JdbcTemplate jdbc;

    @Autowired
    MeterRegistry registry;

    @Test
    void deletesOnlyTheRecordsUntouchedForTheRetentionAndAnswersTheOldestLeft() {
        // other tests' records past the retention go first, so that this test counts its own
        assertThat(InternalApi.cleanup(port, RECONCILE_HORIZON).status()).isEqualTo(200);
        long first = Events.newId();
        List<Long> old = new ArrayList<>();
        old.addAll(insert(first, 120, "SUCCESS", 31 * DAY));
        old.addAll(insert(first + 1_000, 3, "FAIL", 31 * DAY));
        old.addAll(insert(first + 2_000, 2, "REFUSED", 40 * DAY));
        // claims untouched for a month: their senders' leases (5 s here, 30 s by default) ended long ago
        old.addAll(insert(first + 3_000, 2, "PROCESSING", 31 * DAY));
        List<Long> kept = new ArrayList<>();
        kept.addAll(insert(first + 4_000, 1, "SUCCESS", 29 * DAY));
        kept.addAll(insert(first + 5_000, 1, "PROCESSING", 29 * DAY));
        kept.addAll(insert(first + 6_000, 1, "FAIL", 0));
        double removedBefore = Meters.count(registry, "eventual.retention.removed", "table", "notice_log");

        HttpCall.Response response = InternalApi.cleanup(port, RECONCILE_HORIZON);

        assertThat(response.status()).as(response.body()).isEqualTo(200);
        JsonNode result = response.json();
        assertThat(result.get("table").asString()).isEqualTo("notice_log");
        assertThat(result.get("removed").asLong()).isEqualTo(old.size());
        assertThat(result.get("caughtUp").asBoolean()).isTrue();
        assertThat(result.get("keepSeconds").asLong()).isEqualTo(30 * DAY);
        assertThat(result.get("oldestAgeSeconds").asLong()).isCloseTo(29 * DAY, within(120L));
        assertThat(count(old)).isZero();
        assertThat(count(kept)).isEqualTo(kept.size());
        assertThat(Meters.count(registry, "eventual.retention.removed", "table", "notice_log"))
                .isEqualTo(removedBefore + old.size());
        assertThat(registry.get("eventual.retention.oldest.age").tag("table", "notice_log").gauge().value())
                .isCloseTo(29 * DAY, within(120.0));

        HttpCall.Response again = InternalApi.cleanup(port, RECONCILE_HORIZON);

        assertThat(again.json().get("removed").asLong()).isZero();
        assertThat(again.json().get("caughtUp").asBoolean()).isTrue();
        assertThat(count(kept)).isEqualTo(kept.size());
    }

    /**
     * No long lock: each batch reads one range of (status, updated_at), oldest first, with no sort, and the oldest age
     * one entry of it. In a table of some size, as here, half of it past the retention (a table of a few dozen rows
     * is scanned whole: as cheap, and nothing to lock for long).
     */
    @Test
    void eachBatchIsOneRangeOfTheStatusIndexAndTheOldestAgeOneEntryOfIt() {
        long first = Events.newId();
        insert(first, 1_000, "SUCCESS", 31 * DAY);
        List<Long> recent = insert(first + 1_000, 1_000, "SUCCESS", 60);
        jdbc.execute("ANALYZE TABLE notice_log");

        // NoticeLogRetentionMapper's statements, for SUCCESS, the retention and a batch
        List<Map<String, Object>> delete = jdbc.queryForList("EXPLAIN DELETE FROM notice_log WHERE status = 'SUCCESS'"
                + " AND updated_at < CURRENT_TIMESTAMP(3) - INTERVAL 2592000000000 MICROSECOND ORDER BY updated_at LIMIT 50");
        List<Map<String, Object>> oldest = jdbc.queryForList("EXPLAIN SELECT TIMESTAMPDIFF(SECOND, MIN(updated_at),"
                + " CURRENT_TIMESTAMP(3)) FROM notice_log WHERE status = 'SUCCESS'");

        assertThat(delete).as("%s", delete).singleElement().satisfies(plan -> {
            assertThat(plan.get("key")).isEqualTo("idx_notice_log_status_updated");
            assertThat(String.valueOf(plan.get("Extra"))).doesNotContain("filesort");
        });
        assertThat(oldest).as("%s", oldest).singleElement().satisfies(plan ->
                assertThat(String.valueOf(plan.get("Extra"))).contains("optimized away"));
        assertThat(InternalApi.cleanup(port, RECONCILE_HORIZON).json().get("removed").asLong()).isGreaterThanOrEqualTo(1_000);
        assertThat(count(recent)).isEqualTo(recent.size());
    }

    /**
     * reconcile-job sends its back-off horizon with every call: one the 30-day retention does not outlive (30 days,
     * plus the broker's redeliveries, the dead letters' 72 h and the clocks' skew) is refused, and nothing is deleted.
     */
    @Test
    void aHorizonTheRetentionDoesNotOutliveIsRefusedWith409AndNothingIsDeleted() {
        List<Long> old = insert(Events.newId(), 3, "SUCCESS", 31 * DAY);

        HttpCall.Response refused = InternalApi.cleanup(port, 30 * DAY);

        assertThat(refused.status()).as(refused.body()).isEqualTo(409);
        assertThat(refused.contentType()).startsWith("application/problem+json");
        assertThat(refused.json().get("type").asString()).isEqualTo("urn:eventual:problem:retention-too-short");
        assertThat(refused.json().get("detail").asString()).startsWith("nothing deleted: with the caller's horizon PT720H,")
                .contains("eventual.consumer.retention.keep = PT720H is shorter than the last moment an event can still arrive");
        assertThat(count(old)).isEqualTo(old.size());

        HttpCall.Response invalid = InternalApi.post(port, InternalApi.CLEANUP, "{\"upstreamHorizonSeconds\":-1}");
        assertThat(invalid.status()).isEqualTo(400);
        assertThat(invalid.json().get("invalidParams").findValuesAsString("name")).contains("upstreamHorizonSeconds");
        assertThat(count(old)).isEqualTo(old.size());

        assertThat(InternalApi.cleanup(port, RECONCILE_HORIZON).status()).isEqualTo(200);
        assertThat(count(old)).isZero();
    }

    /** Records of orders {@code first, first + 1, ...}, last changed {@code ageSeconds} ago. */
    private List<Long> insert(long first, int records, String status, long ageSeconds) {
        List<Object[]> rows = new ArrayList<>();
        List<Long> ids = new ArrayList<>();
        for (int i = 0; i < records; i++) {
            long orderId = first + i;
            ids.add(orderId);
            rows.add(new Object[]{orderId, "cleanup-" + orderId, status, "REFUSED".equals(status) ? 0 : 1,
                    "REFUSED".equals(status) ? "event born long ago" : null, ageSeconds, ageSeconds});
        }
        jdbc.batchUpdate("INSERT INTO notice_log (order_id, notice_type, channel, recipient, message_id, status, attempts,"
                + " last_error, created_at, updated_at) VALUES (?, 'ORDER_CREATED', 'mail', 'old@example.com', ?, ?, ?, ?,"
                + " CURRENT_TIMESTAMP(3) - INTERVAL ? SECOND, CURRENT_TIMESTAMP(3) - INTERVAL ? SECOND)", rows);
        return ids;
    }

    private long count(List<Long> orderIds) {
        String ids = String.join(",", orderIds.stream().map(String::valueOf).toList());
        return jdbc.queryForObject("SELECT COUNT(*) FROM notice_log WHERE notice_type = 'ORDER_CREATED' AND order_id IN ("
                + ids + ")", Long.class);
    }
}
