package dev.eventual.auth.throttle;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;

/** The tallies on a clock of the test's: windows pass without waiting. */
class FailureTalliesTest {

    private static final Duration WINDOW = Duration.ofMinutes(5);
    private final AtomicLong nanos = new AtomicLong();
    private final FailureTallies tallies = new FailureTallies(new ThrottleProperties(WINDOW, 5, 20), nanos::get);

    @Test
    void aUserNameIsPausedAfterFiveFailuresUntilTheWindowOfTheFirstHasPassed() {
        Attempt olga = Attempt.of("olga", "10.0.0.1");
        for (int i = 0; i < 5; i++) {
            assertThat(tallies.admit(olga)).as("attempt %d", i + 1).isEmpty();
            tallies.failed(olga);
            advance(Duration.ofSeconds(10));
        }
        Optional<Lockout> paused = tallies.admit(Attempt.of("olga", "10.0.0.2"));
        assertThat(paused).hasValueSatisfying(lockout -> {
            assertThat(lockout.scope()).isEqualTo(Lockout.Scope.USER_NAME);
            assertThat(lockout.remaining()).isEqualTo(WINDOW.minusSeconds(50));
            assertThat(lockout.message()).isEqualTo("Too many failed sign-ins for this user name. Sign-in is paused:"
                    + " try again in 5 minutes.");
        });
        // refusals count nothing: the end stays where the first failure put it
        for (int i = 0; i < 100; i++) {
            assertThat(tallies.admit(olga)).isPresent();
        }
        advance(WINDOW.minusSeconds(51));
        assertThat(tallies.admit(olga)).hasValueSatisfying(lockout -> assertThat(lockout.retryAfterSeconds()).isEqualTo(1));
        advance(Duration.ofSeconds(2));
        assertThat(tallies.admit(olga)).isEmpty();
        assertThat(tallies.admit(Attempt.of("alice", "10.0.0.1"))).as("another name from the same address").isEmpty();
    }

    @Test
    void parallelGuessesAreCountedBeforeTheirPasswordsAreChecked() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(16);
        try {
            List<Callable<Boolean>> guesses = IntStream.range(0, 64)
                    .<Callable<Boolean>>mapToObj(i -> () -> tallies.admit(Attempt.of("olga", "10.0.0." + i)).isEmpty()).toList();
            long admitted = 0;
            for (Future<Boolean> guess : pool.invokeAll(guesses)) {
                admitted += guess.get() ? 1 : 0;
            }
            assertThat(admitted).isEqualTo(5);
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void aSignInForgetsTheUserNamesFailuresButNotTheAddresses() {
        Attempt alice = Attempt.of("alice", "10.0.0.1");
        for (int i = 0; i < 4; i++) {
            tallies.admit(alice);
            tallies.failed(alice);
        }
        tallies.admit(alice);
        tallies.succeeded(alice);
        for (int i = 0; i < 5; i++) {
            assertThat(tallies.admit(alice)).as("attempt %d after signing in", i + 1).isEmpty();
        }
        assertThat(tallies.admit(alice)).isPresent();

        for (int i = 0; i < 16; i++) {
            tallies.failed(Attempt.of("name-" + i, "10.0.0.1"));
        }
        assertThat(tallies.admit(Attempt.of("bob", "10.0.0.1"))).as("alice's four failures and sixteen more")
                .hasValueSatisfying(lockout -> assertThat(lockout.scope()).isEqualTo(Lockout.Scope.ADDRESS));
    }

    @Test
    void anAddressIsPausedAfterTwentyFailuresWhateverTheNamesAndOnlyFailuresCount() {
        for (int i = 0; i < 40; i++) {
            Attempt customer = Attempt.of("customer-" + i, "172.18.0.1");
            assertThat(tallies.admit(customer)).as("a sign-in that succeeds counts nothing for the address").isEmpty();
            tallies.succeeded(customer);
        }
        for (int i = 0; i < 20; i++) {
            Attempt guess = Attempt.of("name-" + i, "172.18.0.1");
            assertThat(tallies.admit(guess)).isEmpty();
            tallies.failed(guess);
        }
        assertThat(tallies.admit(Attempt.of("olga", "172.18.0.1"))).hasValueSatisfying(lockout -> {
            assertThat(lockout.scope()).isEqualTo(Lockout.Scope.ADDRESS);
            assertThat(lockout.message()).contains("from your address");
        });
        assertThat(tallies.admit(Attempt.of("olga", "10.0.0.9"))).as("olga from elsewhere").isEmpty();
        advance(WINDOW.plusSeconds(1));
        assertThat(tallies.admit(Attempt.of("adam", "172.18.0.1"))).isEmpty();
    }

    @Test
    void aTypedNameIsTrimmedCutAndCannotForgeALogLine() {
        assertThat(Attempt.of("  olga ", "10.0.0.1").userName()).isEqualTo("olga");
        assertThat(Attempt.of("olga\n2026-11-29 INFO forged", "10.0.0.1").userName()).isEqualTo("olga?2026-11-29 INFO forged");
        assertThat(Attempt.of("x".repeat(10_000), "10.0.0.1").userName()).hasSize(Attempt.LONGEST_NAME);
        assertThat(Attempt.of(null, null)).isEqualTo(new Attempt("", "unknown"));
    }

    private void advance(Duration duration) {
        nanos.addAndGet(duration.toNanos());
    }
}
