package dev.eventual.bench.retention;

import dev.eventual.infra.db.ServiceDatabase;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

/** The UPDATEs that tell a cleanup-on window from a cleanup-off one by the rows' ages. */
class CleanupCostPartTest {

    private static final CleanupCostPart.Table NOTICES = new CleanupCostPart.Table("notice_log", ServiceDatabase.NOTICE,
            "updated_at", "id", Duration.ofMinutes(2));
    private static final String START = "2026-11-30 05:00:00.000";
    private static final String BACKLOG = "(updated_at < CAST('2026-11-30 05:00:00.000' AS DATETIME(3))"
            + " OR updated_at >= CAST('2026-11-30 05:00:00.000' AS DATETIME(3)) + INTERVAL 30 MINUTE)";

    @Test
    void anOnWindowsRowsPassTheirRetentionOneAfterTheOtherOverTheWindow() {
        // a row passes 2 minutes after its updated_at: from start + 4 s to start + 4 s + 20 s, in 20 ms slots
        assertThat(NOTICES.age(START, Duration.ofSeconds(4), Duration.ofSeconds(20))).isEqualTo(
                "UPDATE notice_log SET updated_at = CAST('2026-11-30 05:00:00.000' AS DATETIME(3)) - INTERVAL 120000000"
                        + " MICROSECOND + INTERVAL (4000000 + (CRC32(id) MOD 1000) * 20000) MICROSECOND"
                        + " WHERE " + BACKLOG);
    }

    @Test
    void anOffWindowsRowsAreMadeAnHourYoungAndStayItsBacklog() {
        // the next window's backlog takes them in again: more than half an hour ahead of its own start
        assertThat(NOTICES.young(START)).isEqualTo("UPDATE notice_log SET updated_at = CAST('2026-11-30 05:00:00.000'"
                + " AS DATETIME(3)) + INTERVAL 60 MINUTE WHERE " + BACKLOG);
        assertThat(NOTICES.countBacklog(START)).isEqualTo("SELECT COUNT(*) FROM notice_log WHERE " + BACKLOG);
    }
}
