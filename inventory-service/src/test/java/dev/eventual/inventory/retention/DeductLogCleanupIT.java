package dev.eventual.inventory.retention;

import dev.eventual.infra.test.HttpCall;
import dev.eventual.infra.test.TestInfrastructure;
import dev.eventual.inventory.deduct.DeductStatus;
import dev.eventual.inventory.support.InventoryServiceIT;
import io.micrometer.core.instrument.MeterRegistry;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code POST /internal/inventory/cleanup} over real HTTP on the real database (docs/retention.md, "Cleanup"): only
 * records untouched for the retention (30 days by default) go, batch after batch, whatever their status; the answer
 * and the metrics say how many and how old the oldest left is; a caller whose horizon the retention does not
 * outlive is refused and nothing is deleted.
 */
@InventoryServiceIT
class DeductLogCleanupIT {

    private static final String CLEANUP = "/internal/inventory/cleanup";
    private static final long KEEP_SECONDS = Duration.ofDays(30).toSeconds();
    /** More than two batches of the default batch-size (1,000) of one status. */
    private static final int OLD_SUCCESSES = 2_500;

    @LocalServerPort
    int port;

    @Autowired
    JdbcTemplate jdbc;

    @Autowired
    MeterRegistry meters;

    @Test
    void onlyRecordsUntouchedForTheRetentionAreDeletedInBatchesAndTheOldestLeftIsAnswered() {
        long first = ThreadLocalRandom.current().nextLong(1, Long.MAX_VALUE / 2);
        List<Long> old = new ArrayList<>();
        List<Long> young = new ArrayList<>();
        for (int i = 0; i < OLD_SUCCESSES; i++) {
            old.add(first + i);
        }
        insert(old, DeductStatus.SUCCESS, Duration.ofDays(31));
        long next = first + OLD_SUCCESSES;
        for (DeductStatus status : DeductStatus.values()) {
            old.add(next);
            insert(List.of(next++), status, Duration.ofDays(30).plusMinutes(1));
            young.add(next);
            insert(List.of(next++), status, Duration.ofDays(29));
            young.add(next);
            insert(List.of(next++), status, Duration.ZERO);
        }
        double removedBefore = meters.get("eventual.retention.removed").tag("table", "inventory_deduct_log").counter().count();

        HttpCall.Response cleaned = cleanup(7560);

        assertThat(cleaned.status()).as(cleaned.body()).isEqualTo(200);
        assertThat(cleaned.json().get("table").asString()).isEqualTo("inventory_deduct_log");
        // other tests' aged records may go too
        assertThat(cleaned.json().get("removed").asLong()).isGreaterThanOrEqualTo(old.size());
        assertThat(cleaned.json().get("caughtUp").asBoolean()).isTrue();
        assertThat(cleaned.json().get("keepSeconds").asLong()).isEqualTo(KEEP_SECONDS);
        // the 29-day-old records are the oldest left: nothing older than 30 days is
        long oldestAge = cleaned.json().get("oldestAgeSeconds").asLong();
        assertThat(oldestAge).isBetween(Duration.ofDays(29).toSeconds(), KEEP_SECONDS - 1);
        assertThat(count(old)).isZero();
        assertThat(count(young)).isEqualTo(young.size());
        assertThat(meters.get("eventual.retention.removed").tag("table", "inventory_deduct_log").counter().count())
                .isGreaterThanOrEqualTo(removedBefore + old.size());
        assertThat(meters.get("eventual.retention.oldest.age").tag("table", "inventory_deduct_log").gauge().value())
                .isEqualTo(oldestAge);
    }

    @Test
    void aCallerHorizonTheRetentionDoesNotOutliveOrAnInvalidOneIsRefusedAndNothingIsDeleted() {
        long orderId = ThreadLocalRandom.current().nextLong(Long.MAX_VALUE / 2, Long.MAX_VALUE);
        insert(List.of(orderId), DeductStatus.SUCCESS, Duration.ofDays(31));

        // 28 days: with the broker's redeliveries and the dead-letter reserve, past 30 days
        HttpCall.Response refused = cleanup(Duration.ofDays(28).toSeconds());

        assertThat(refused.status()).as(refused.body()).isEqualTo(409);
        assertThat(refused.contentType()).startsWith("application/problem+json");
        assertThat(refused.json().get("type").asString()).isEqualTo("urn:eventual:problem:retention-too-short");
        assertThat(refused.json().get("detail").asString()).contains("upstream horizon of PT672H")
                .contains("nothing was deleted");
        assertThat(count(List.of(orderId))).isOne();
        HttpCall.Response invalid = cleanup(-1);
        assertThat(invalid.status()).as(invalid.body()).isEqualTo(400);
        assertThat(invalid.json().get("invalidParams").findValuesAsString("name")).contains("upstreamHorizonSeconds");
        assertThat(count(List.of(orderId))).isOne();
        jdbc.update("DELETE FROM inventory_deduct_log WHERE order_id = ?", orderId);
    }

    /** Records last changed {@code ago}, by the database's clock (the one the cleanup judges by). */
    private void insert(List<Long> orderIds, DeductStatus status, Duration ago) {
        jdbc.batchUpdate("INSERT INTO inventory_deduct_log (order_id, sku_id, quantity, status, updated_at)"
                + " VALUES (?, 1, 1, ?, NOW(3) - INTERVAL ? SECOND)", orderIds.stream()
                .map(id -> new Object[] {id, status.name(), ago.toSeconds()}).toList());
    }

    private long count(List<Long> orderIds) {
        long found = 0;
        for (int from = 0; from < orderIds.size(); from += 500) {
            List<Long> page = orderIds.subList(from, Math.min(orderIds.size(), from + 500));
            found += jdbc.queryForObject("SELECT COUNT(*) FROM inventory_deduct_log WHERE order_id IN ("
                    + String.join(",", page.stream().map(String::valueOf).toList()) + ")", Long.class);
        }
        return found;
    }

    private HttpCall.Response cleanup(long upstreamHorizonSeconds) {
        return HttpCall.post(port, CLEANUP).bearer(TestInfrastructure.shared().authServer().tokens().reconcile())
                .json("{\"upstreamHorizonSeconds\":" + upstreamHorizonSeconds + "}").send();
    }
}
