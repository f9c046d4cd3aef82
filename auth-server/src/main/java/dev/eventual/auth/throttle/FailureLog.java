package dev.eventual.auth.throttle;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * Every refused sign-in, as a log line that names the user name and the address (never the password)
 * and in the counter {@value #METER} by outcome, for the alert SignInGuessing
 * (deploy/prometheus/alerts.yml). Both outcomes are registered at start, at 0: Prometheus's
 * increase() needs a sample before the burst (docs/operations.md).
 */
@Component
class FailureLog {

    static final String METER = "eventual.auth.sign-in.failures";
    private static final Logger log = LoggerFactory.getLogger(FailureLog.class);

    private final Counter badCredentials;
    private final Counter throttled;

    FailureLog(MeterRegistry registry) {
        this.badCredentials = counter(registry, "bad-credentials");
        this.throttled = counter(registry, "throttled");
    }

    private static Counter counter(MeterRegistry registry, String outcome) {
        return Counter.builder(METER).tag("outcome", outcome)
                .description("Sign-ins refused: a wrong password or unknown user name, or refused unchecked by the throttle")
                .register(registry);
    }

    void badCredentials(Attempt attempt) {
        badCredentials.increment();
        log.info("Sign-in failed: wrong password or unknown user name \"{}\" from {}", attempt.userName(), attempt.address());
    }

    void throttled(Attempt attempt, Lockout lockout) {
        throttled.increment();
        log.warn("Sign-in refused without a password check: user name \"{}\" from {}; {} failed too often, paused for another {} s",
                attempt.userName(), attempt.address(), lockout.scope() == Lockout.Scope.USER_NAME ? "the user name" : "the address",
                lockout.retryAfterSeconds());
    }
}
