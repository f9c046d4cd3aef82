package dev.eventual.auth.throttle;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.Expiry;
import com.github.benmanes.caffeine.cache.Ticker;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.stereotype.Component;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Failed sign-ins per user name and per client address, each tally forgotten a window after it began
 * (Caffeine, in this process's memory: docs/security.md, "Sign-in guessing", for several instances).
 * <p>
 * A user name's attempt is counted when it is let in, before its password is checked, and forgotten
 * when it succeeds: counted only after a failure, a burst of parallel guesses would all pass the check
 * before the first one failed. An address counts failures only, as they happen: many people may sign
 * in from one address at once (the load tools do), and the user names' count already bounds the
 * guesses at each account.
 */
@Component
class FailureTallies {

    /** Names and addresses kept at once, a few dozen bytes each; beyond it the least used are dropped. */
    private static final long KEPT = 100_000;

    private final ThrottleProperties limits;
    private final Cache<String, AtomicInteger> byUserName;
    private final Cache<String, AtomicInteger> byAddress;

    @Autowired
    FailureTallies(ThrottleProperties limits) {
        this(limits, Ticker.systemTicker());
    }

    FailureTallies(ThrottleProperties limits, Ticker ticker) {
        this.limits = limits;
        this.byUserName = tallies(limits.window(), ticker);
        this.byAddress = tallies(limits.window(), ticker);
    }

    private static Cache<String, AtomicInteger> tallies(Duration window, Ticker ticker) {
        // a fixed window from the first failure: counting more does not push the end further
        return Caffeine.newBuilder().maximumSize(KEPT).ticker(ticker)
                .expireAfter(Expiry.<String, AtomicInteger>creating((key, tally) -> window)).build();
    }

    /** Lets the attempt in, counted against its user name, or says why not (then nothing is counted). */
    Optional<Lockout> admit(Attempt attempt) {
        AtomicInteger fromAddress = byAddress.getIfPresent(attempt.address());
        if (fromAddress != null && fromAddress.get() >= limits.failuresPerAddress()) {
            return Optional.of(new Lockout(Lockout.Scope.ADDRESS, remaining(byAddress, attempt.address())));
        }
        int limit = limits.failuresPerUser();
        AtomicInteger ofUserName = byUserName.get(attempt.userName(), name -> new AtomicInteger());
        if (ofUserName.getAndUpdate(count -> count < limit ? count + 1 : count) >= limit) {
            return Optional.of(new Lockout(Lockout.Scope.USER_NAME, remaining(byUserName, attempt.userName())));
        }
        return Optional.empty();
    }

    /** A password or name refused: the user name's attempt stays counted, and the address counts one more. */
    void failed(Attempt attempt) {
        byAddress.get(attempt.address(), address -> new AtomicInteger()).incrementAndGet();
    }

    /** Signed in: the user name's earlier failures no longer count (the address's still do). */
    void succeeded(Attempt attempt) {
        byUserName.invalidate(attempt.userName());
    }

    private static Duration remaining(Cache<String, AtomicInteger> tallies, String key) {
        return tallies.policy().expireVariably().flatMap(expiry -> expiry.getExpiresAfter(key)).orElse(Duration.ZERO);
    }
}
