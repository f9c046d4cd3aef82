package dev.eventual.reconcile.config;

import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

import java.time.Duration;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Reconciliation's re-drive horizon, which the consumers' cleanup and the archive's start check go by (docs/retention.md). */
class ReconcilePropertiesTest {

    @Test
    void withTheDefaultsTheHorizonIsEveryBackOffStretchedByTheJitterThenALeaseAndTheTakeoverGrace() {
        // (5 + 10 + 30 + 30 + 30) min x 1.2 = 126 min, + claim lease 2 min + takeover grace 45 s
        assertThat(bind(Map.of()).redriveHorizon()).isEqualTo(Duration.ofHours(2).plusMinutes(8).plusSeconds(45));
    }

    @Test
    void theLastBackOffRepeatsForEveryFurtherRetry() {
        ReconcileProperties properties = bind(Map.of("eventual.reconcile.max-retries", "7", "eventual.reconcile.jitter", "0",
                "eventual.reconcile.backoff", "1m,2m", "eventual.reconcile.claim-lease", "10s",
                "eventual.reconcile.takeover-grace", "0s"));

        // 1 + 2 + 2 + 2 + 2 + 2 + 2 minutes
        assertThat(properties.redriveHorizon()).isEqualTo(Duration.ofMinutes(13).plusSeconds(10));
    }

    @Test
    void withoutRetriesOnlyTheLeaseAndTheGraceAreLeft() {
        assertThat(bind(Map.of("eventual.reconcile.max-retries", "0")).redriveHorizon())
                .isEqualTo(Duration.ofMinutes(2).plusSeconds(45));
    }

    @Test
    void theJitterStretchesEveryWaitAndTheHorizonIsNeverRoundedDown() {
        ReconcileProperties properties = bind(Map.of("eventual.reconcile.max-retries", "1", "eventual.reconcile.jitter", "0.3",
                "eventual.reconcile.backoff", "1s", "eventual.reconcile.claim-lease", "0s",
                "eventual.reconcile.takeover-grace", "0s"));

        assertThat(properties.redriveHorizon()).isEqualTo(Duration.ofMillis(1_300));
    }

    private static ReconcileProperties bind(Map<String, String> properties) {
        return new Binder(new MapConfigurationPropertySource(properties))
                .bindOrCreate("eventual.reconcile", ReconcileProperties.class);
    }
}
