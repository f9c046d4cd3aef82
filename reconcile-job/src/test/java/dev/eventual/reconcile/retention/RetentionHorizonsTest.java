package dev.eventual.reconcile.retention;

import dev.eventual.reconcile.config.ReconcileProperties;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * reconcile-job refuses to start when its horizons contradict each other (docs/retention.md): an archive sooner than
 * reconciliation may still re-drive an event, or a history shorter than the archive's wait. Its settings and the
 * check, bound and run as the application binds and runs them.
 */
class RetentionHorizonsTest {

    private final ApplicationContextRunner job = new ApplicationContextRunner().withUserConfiguration(Settings.class);

    @Test
    void theDefaultsStartAndAreTheDocumentedOnes() {
        job.run(context -> {
            assertThat(context).hasNotFailed();
            RetentionProperties retention = context.getBean(RetentionProperties.class);
            assertThat(retention.history()).isEqualTo(Duration.ofDays(90));
            assertThat(retention.resolvedWorkOrders()).isEqualTo(Duration.ofDays(400));
            assertThat(retention.batchSize()).isEqualTo(1000);
            assertThat(retention.interval()).isEqualTo(Duration.ofHours(1));
            assertThat(retention.budget()).isEqualTo(Duration.ofMinutes(5));
        });
    }

    @Test
    void anArchiveNoLaterThanTheReDriveHorizonRefusesTheStartSayingWhy() {
        // the default horizon is 2 h 8 min 45 s
        job.withPropertyValues("eventual.reconcile.archive-after=2h").run(context -> {
            assertThat(context).hasFailed();
            assertThat(context.getStartupFailure()).rootCause().isInstanceOf(IllegalStateException.class)
                    .hasMessageStartingWith("eventual.reconcile.archive-after = PT2H is not longer than reconciliation's"
                            + " re-drive horizon PT2H8M45S")
                    .hasMessageContaining("max-retries 5");
        });
        job.withPropertyValues("eventual.reconcile.archive-after=2h", "eventual.reconcile.retention.history=2h",
                "eventual.reconcile.max-retries=1").run(context -> assertThat(context).hasNotFailed());
    }

    @Test
    void aHistoryShorterThanTheArchivesWaitRefusesTheStartSayingWhy() {
        job.withPropertyValues("eventual.reconcile.retention.history=29d").run(context -> {
            assertThat(context).hasFailed();
            assertThat(context.getStartupFailure()).rootCause().isInstanceOf(IllegalStateException.class)
                    .hasMessageStartingWith("eventual.reconcile.retention.history = PT696H is shorter than"
                            + " eventual.reconcile.archive-after = PT720H");
        });
        job.withPropertyValues("eventual.reconcile.retention.history=30d").run(context -> assertThat(context).hasNotFailed());
    }

    @Test
    void aRetentionOfNothingIsRefused() {
        job.withPropertyValues("eventual.reconcile.retention.resolved-work-orders=0s").run(context -> {
            assertThat(context).hasFailed();
            assertThat(context.getStartupFailure()).rootCause().hasMessageContaining("must be positive");
        });
    }

    @Configuration(proxyBeanMethods = false)
    @EnableConfigurationProperties({ReconcileProperties.class, RetentionProperties.class})
    @Import(RetentionHorizons.class)
    static class Settings {
    }
}
