package dev.eventual.inventory.config;

import dev.eventual.consumer.retention.LateEvents;
import dev.eventual.consumer.retention.RetentionProperties;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Configuration;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * inventory-service refuses to start with a retention shorter than the last moment an event can still reach it,
 * its own broker redelivery setting counted (docs/retention.md, "Start refusal").
 */
class RetentionConfigurationTest {

    private final ApplicationContextRunner service = new ApplicationContextRunner()
            .withUserConfiguration(Properties.class, RetentionConfiguration.class);

    @Test
    void theDefaultsStartAndJudgeByTheDefaultRetention() {
        service.run(context -> {
            assertThat(context).hasNotFailed();
            assertThat(context.getBean(LateEvents.class).retention().keep()).isEqualTo(Duration.ofDays(30));
        });
    }

    @Test
    void aKeepBelowTheFloorFailsTheStartNamingTheRedeliverySetting() {
        // 1d upstream + 4h 45m 40s of 16 redeliveries + 72h DLQ + 2 x 5m skew = 100h 55m 40s
        service.withPropertyValues("eventual.consumer.retention.keep=100h").run(context -> {
            assertThat(context).hasFailed();
            assertThat(context.getStartupFailure()).rootCause().isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("eventual.consumer.retention.keep = PT100H is shorter than the last moment an event can still arrive, PT100H55M40S")
                    .hasMessageContaining("eventual.inventory.max-reconsume-times = 16");
        });
    }

    @Test
    void fewerRedeliveriesLowerTheFloor() {
        // 1d + 40s + 72h + 10m = 96h 10m 40s
        service.withPropertyValues("eventual.consumer.retention.keep=100h", "eventual.inventory.max-reconsume-times=2")
                .run(context -> assertThat(context).hasNotFailed().hasSingleBean(LateEvents.class));
    }

    @Configuration(proxyBeanMethods = false)
    @EnableConfigurationProperties({RetentionProperties.class, InventoryProperties.class})
    static class Properties {
    }
}
