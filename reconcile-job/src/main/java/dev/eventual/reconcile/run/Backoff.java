package dev.eventual.reconcile.run;

import dev.eventual.reconcile.config.ReconcileProperties;
import org.springframework.stereotype.Component;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

/** When the n-th retry is due: the configured schedule (its last step repeats), with jitter. */
@Component
public class Backoff {

    private final List<Duration> schedule;
    private final double jitter;

    public Backoff(ReconcileProperties properties) {
        this.schedule = properties.backoff();
        this.jitter = properties.jitter();
    }

    public Duration before(int retry) {
        Duration base = schedule.get(Math.min(Math.max(retry, 1), schedule.size()) - 1);
        double factor = 1 + jitter * (2 * ThreadLocalRandom.current().nextDouble() - 1);
        return Duration.ofMillis(Math.round(base.toMillis() * factor));
    }
}
