package dev.eventual.inventory.config;

import dev.eventual.consumer.retention.LateEvents;
import dev.eventual.consumer.retention.RetentionFloor;
import dev.eventual.consumer.retention.RetentionProperties;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import java.time.Clock;

/**
 * inventory-service's retention of inventory_deduct_log (docs/retention.md): the service refuses to start with an
 * {@code eventual.consumer.retention.keep} shorter than the last moment an event can still reach it, which
 * depends on its own broker redelivery setting, so the floor is checked here, before anything may judge an event.
 */
@Configuration(proxyBeanMethods = false)
class RetentionConfiguration {

    static final String MAX_RECONSUME_PROPERTY = "eventual.inventory.max-reconsume-times";

    @Bean
    LateEvents lateEvents(RetentionProperties retention, InventoryProperties inventory, ObjectProvider<Clock> clock) {
        RetentionFloor.check(retention, inventory.maxReconsumeTimes(), MAX_RECONSUME_PROPERTY);
        return new LateEvents(retention, clock.getIfAvailable(Clock::systemUTC));
    }
}
