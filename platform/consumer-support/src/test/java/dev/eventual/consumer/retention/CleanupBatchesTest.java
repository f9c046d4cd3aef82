package dev.eventual.consumer.retention;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;
import org.springframework.dao.CannotAcquireLockException;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.TransactionStatus;
import org.springframework.transaction.support.SimpleTransactionStatus;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The batch loop both consumers' cleanups share: per status until a batch is short, no batch after the budget but the
 * first, each batch its own READ COMMITTED transaction. The statements themselves: DeductLogCleanupIT, NoticeLogCleanupIT.
 */
class CleanupBatchesTest {

    private static final int LIMIT = 10;

    private enum Status { A, B, C }

    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final RecordingTransactions transactions = new RecordingTransactions();
    private final Map<Status, Deque<Integer>> answers = new EnumMap<>(Status.class);
    private final List<Status> calls = new ArrayList<>();
    /** How many batches to come lose a deadlock. */
    private int losing;

    @Test
    void eachStatusGoesOnUntilABatchIsShortAndTheRemovedAreSummedOverAllOfThem() {
        answer(Status.A, LIMIT, LIMIT, 3);
        answer(Status.B, 0);
        answer(Status.C, LIMIT, LIMIT);

        CleanupBatches.Done done = batches(Duration.ofSeconds(20), Duration.ofMillis(1)).run(List.of(Status.values()),
                this::delete);

        // C's second full batch is followed by an empty one: only a short batch ends a status
        assertThat(done).isEqualTo(new CleanupBatches.Done(LIMIT + LIMIT + 3 + LIMIT + LIMIT, true, 7));
        assertThat(calls).containsExactly(Status.A, Status.A, Status.A, Status.B, Status.C, Status.C, Status.C);
        assertThat(registry.get("eventual.retention.removed").tag("table", "t").counter().count()).isEqualTo(43);
    }

    @Test
    void eachBatchIsItsOwnReadCommittedTransaction() {
        answer(Status.A, LIMIT, 1);

        batches(Duration.ofSeconds(20), Duration.ofMillis(1)).run(List.of(Status.A), this::delete);

        assertThat(transactions.isolations).containsExactly(TransactionDefinition.ISOLATION_READ_COMMITTED,
                TransactionDefinition.ISOLATION_READ_COMMITTED);
        assertThat(transactions.committed).isEqualTo(2);
        assertThat(transactions.open).isZero();
    }

    @Test
    void noBatchStartsOnceTheBudgetIsSpentAndTheCallSaysItDidNotCatchUp() {
        answer(Status.A, LIMIT, LIMIT, LIMIT, LIMIT);

        // each look at the clock is 10 s later: the deadline is read at 0 s, the first batch runs unasked, the next
        // ones ask at 10 s and 20 s, the one at 30 s is past the 25 s budget
        CleanupBatches.Done done = batches(Duration.ofSeconds(25), Duration.ofSeconds(10))
                .run(List.of(Status.values()), this::delete);

        assertThat(done).isEqualTo(new CleanupBatches.Done(3 * LIMIT, false, 3));
        assertThat(calls).containsOnly(Status.A);
    }

    @Test
    void aBudgetSpentBetweenStatusesStopsBeforeTheNextOne() {
        answer(Status.A, 2);

        CleanupBatches.Done done = batches(Duration.ofSeconds(5), Duration.ofSeconds(10))
                .run(List.of(Status.values()), this::delete);

        assertThat(done).isEqualTo(new CleanupBatches.Done(2, false, 1));
        assertThat(calls).containsExactly(Status.A);
    }

    /** However small the budget, a call makes progress: its first batch always runs. */
    @Test
    void theFirstBatchRunsEvenWithNoBudget() {
        answer(Status.A, LIMIT, LIMIT);

        CleanupBatches.Done done = batches(Duration.ZERO, Duration.ZERO).run(List.of(Status.values()), this::delete);

        assertThat(done).isEqualTo(new CleanupBatches.Done(LIMIT, false, 1));
    }

    /** InnoDB rolled the losing batch back whole: it runs again, and a batch that keeps losing fails the call. */
    @Test
    void aBatchThatLostADeadlockRunsAgainAndOneThatKeepsLosingFailsTheCall() {
        answer(Status.A, 3);
        losing = 1;

        CleanupBatches.Done done = batches(Duration.ofSeconds(20), Duration.ofMillis(1)).run(List.of(Status.A), this::delete);

        assertThat(done).isEqualTo(new CleanupBatches.Done(3, true, 1));
        assertThat(transactions.committed).isOne();
        assertThat(transactions.rolledBack).isOne();

        losing = CleanupBatches.DEADLOCK_ATTEMPTS;
        assertThatThrownBy(() -> batches(Duration.ofSeconds(20), Duration.ofMillis(1)).run(List.of(Status.B), this::delete))
                .isInstanceOf(CannotAcquireLockException.class);
        assertThat(transactions.rolledBack).isEqualTo(1 + CleanupBatches.DEADLOCK_ATTEMPTS);
    }

    private CleanupBatches batches(Duration budget, Duration step) {
        RetentionProperties retention = new RetentionProperties(Duration.ofDays(30), Duration.ofMinutes(5),
                Duration.ofDays(1), Duration.ofHours(72), LIMIT, budget);
        return new CleanupBatches(retention, new RetentionMeters(registry, "t", retention.keep()), transactions,
                new SteppingClock(step));
    }

    private void answer(Status status, Integer... deleted) {
        answers.put(status, new ArrayDeque<>(List.of(deleted)));
    }

    /** A batch's fake DELETE: the next answer of its status, 0 when none is left; always inside a transaction. */
    private int delete(Status status, int limit) {
        assertThat(limit).isEqualTo(LIMIT);
        assertThat(transactions.open).as("a batch runs inside its transaction").isOne();
        if (losing > 0) {
            losing--;
            throw new CannotAcquireLockException("Deadlock found when trying to get lock; try restarting transaction");
        }
        calls.add(status);
        Deque<Integer> left = answers.get(status);
        return left == null || left.isEmpty() ? 0 : left.poll();
    }

    /** Counts the transactions it is asked for and the isolation each asks. */
    private static final class RecordingTransactions implements PlatformTransactionManager {
        private final List<Integer> isolations = new ArrayList<>();
        private int open;
        private int committed;
        private int rolledBack;

        @Override
        public TransactionStatus getTransaction(TransactionDefinition definition) {
            isolations.add(definition.getIsolationLevel());
            open++;
            return new SimpleTransactionStatus();
        }

        @Override
        public void commit(TransactionStatus status) {
            open--;
            committed++;
        }

        @Override
        public void rollback(TransactionStatus status) {
            open--;
            rolledBack++;
        }
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
