package dev.eventual.inventory.retention;

import dev.eventual.common.api.CleanupResult;
import dev.eventual.consumer.retention.RetentionProperties;
import dev.eventual.consumer.retention.RetentionTooShortException;
import dev.eventual.inventory.config.InventoryProperties;
import dev.eventual.inventory.deduct.DeductStatus;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;
import org.springframework.transaction.PlatformTransactionManager;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyInt;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.times;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.verifyNoInteractions;
import static org.mockito.Mockito.when;

/**
 * The cleanup's loop over the statements (docs/retention.md, "Cleanup"): batches per status until one is short, no
 * batch started after the budget, the refusal before any statement. That the statements delete the right records
 * on a real database is DeductLogCleanupIT's.
 */
class DeductLogCleanupTest {

    private static final LocalDateTime DB_NOW = LocalDateTime.of(2027, 3, 1, 12, 0);
    private static final Duration KEEP = Duration.ofDays(30);
    private static final LocalDateTime BEFORE = DB_NOW.minus(KEEP);

    private final DeductLogCleanupMapper mapper = mock(DeductLogCleanupMapper.class);
    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final PlatformTransactionManager transactions = mock(PlatformTransactionManager.class);

    @Test
    void eachStatusIsDeletedInBatchesUntilABatchIsShort() {
        when(mapper.now()).thenReturn(DB_NOW);
        when(mapper.deleteUntouchedBefore(any(), any(), anyInt())).thenReturn(0);
        when(mapper.deleteUntouchedBefore(DeductStatus.SUCCESS, BEFORE, 2)).thenReturn(2, 2, 1);
        when(mapper.deleteUntouchedBefore(DeductStatus.RELEASED, BEFORE, 2)).thenReturn(2, 0);
        when(mapper.oldest(DeductStatus.FAIL)).thenReturn(DB_NOW.minusDays(3));
        when(mapper.oldest(DeductStatus.RELEASED)).thenReturn(DB_NOW.minusDays(29));

        CleanupResult result = cleanup(2, Duration.ofSeconds(20), Duration.ofMillis(1)).clean(Duration.ofHours(2));

        assertThat(result).isEqualTo(new CleanupResult("inventory_deduct_log", 7, true,
                Duration.ofDays(29).toSeconds(), KEEP.toSeconds()));
        verify(mapper, times(3)).deleteUntouchedBefore(DeductStatus.SUCCESS, BEFORE, 2);
        verify(mapper, times(2)).deleteUntouchedBefore(DeductStatus.RELEASED, BEFORE, 2);
        verify(mapper).deleteUntouchedBefore(DeductStatus.REFUSED, BEFORE, 2);
        assertThat(registry.get("eventual.retention.removed").tag("table", "inventory_deduct_log").counter().count())
                .isEqualTo(7);
        assertThat(registry.get("eventual.retention.oldest.age").tag("table", "inventory_deduct_log").gauge().value())
                .isEqualTo(Duration.ofDays(29).toSeconds());
        assertThat(registry.get("eventual.retention.keep").tag("table", "inventory_deduct_log").gauge().value())
                .isEqualTo(KEEP.toSeconds());
    }

    @Test
    void noBatchStartsAfterTheBudgetAndTheResultSaysMoreIsLeft() {
        when(mapper.now()).thenReturn(DB_NOW);
        when(mapper.deleteUntouchedBefore(DeductStatus.SUCCESS, BEFORE, 100)).thenReturn(100);
        when(mapper.oldest(DeductStatus.SUCCESS)).thenReturn(BEFORE.minusDays(1));

        // each look at the clock is 10 s later: the deadline is read at 0 s, the first batch always runs, the
        // next ones start at 10 s and 20 s, none at 30 s, past the 25 s budget
        CleanupResult result = cleanup(100, Duration.ofSeconds(25), Duration.ofSeconds(10)).clean(Duration.ZERO);

        assertThat(result.removed()).isEqualTo(300);
        assertThat(result.caughtUp()).isFalse();
        assertThat(result.oldestAgeSeconds()).isEqualTo(Duration.ofDays(31).toSeconds());
        verify(mapper, times(3)).deleteUntouchedBefore(any(), any(), anyInt());
    }

    @Test
    void anEmptyTableHasNoOldestAge() {
        when(mapper.now()).thenReturn(DB_NOW);

        CleanupResult result = cleanup(10, Duration.ofSeconds(20), Duration.ofMillis(1)).clean(Duration.ZERO);

        assertThat(result.removed()).isZero();
        assertThat(result.caughtUp()).isTrue();
        assertThat(result.oldestAgeSeconds()).isNull();
        verify(mapper, times(DeductStatus.values().length)).deleteUntouchedBefore(any(), eq(BEFORE), eq(10));
    }

    @Test
    void aCallerHorizonTheRetentionDoesNotOutliveIsRefusedBeforeAnyStatement() {
        // 30d keep < 27d horizon + 4h 45m 40s of redeliveries + 72h DLQ + 10m skew
        RetentionTooShortException refused = catchThrowableOfType(RetentionTooShortException.class,
                () -> cleanup(10, Duration.ofSeconds(20), Duration.ofMillis(1)).clean(Duration.ofDays(27)));

        assertThat(refused).hasMessageContaining("caller's upstream horizon of PT648H")
                .hasMessageContaining("nothing was deleted");
        verifyNoInteractions(mapper);
    }

    @Test
    void theServicesOwnHorizonCountsWhenTheCallersIsShorter() {
        DeductLogCleanup cleanup = new DeductLogCleanup(mapper, new RetentionProperties(Duration.ofHours(101),
                Duration.ofMinutes(5), Duration.ofDays(1), Duration.ofHours(72), 10, Duration.ofSeconds(20)),
                new InventoryProperties(16), registry, transactions, Clock.systemUTC());
        when(mapper.now()).thenReturn(DB_NOW);

        assertThat(cleanup.clean(Duration.ZERO).keepSeconds()).isEqualTo(Duration.ofHours(101).toSeconds());
        assertThat(catchThrowableOfType(RetentionTooShortException.class, () -> cleanup.clean(Duration.ofHours(25))))
                .hasMessageContaining("(this service's own: PT24H)");
    }

    private DeductLogCleanup cleanup(int batchSize, Duration budget, Duration step) {
        return new DeductLogCleanup(mapper, new RetentionProperties(KEEP, Duration.ofMinutes(5), Duration.ofDays(1),
                Duration.ofHours(72), batchSize, budget), new InventoryProperties(16), registry, transactions,
                new SteppingClock(step));
    }

    /** A clock that moves on by {@code step} each time it is read. */
    private static final class SteppingClock extends Clock {
        private final Duration step;
        private Instant now = Instant.parse("2027-03-01T12:00:00Z");

        SteppingClock(Duration step) {
            this.step = step;
        }

        @Override
        public Instant instant() {
            Instant read = now;
            now = now.plus(step);
            return read;
        }

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            throw new UnsupportedOperationException();
        }
    }
}
