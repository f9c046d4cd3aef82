package dev.eventual.order.core;

import org.apache.ibatis.annotations.Mapper;
import org.mybatis.spring.annotation.MapperScan;
import org.springframework.context.annotation.ComponentScan;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;

/**
 * order_db as the order context's two deployables work it (docs/design.md, "Who owns order_db"), one configuration
 * each. Imported explicitly, not auto-configured: the local suite runs every service on one classpath, and only
 * these two may touch order_db.
 */
public final class OrderCoreConfiguration {

    private OrderCoreConfiguration() {
    }

    /**
     * reconcile-job's: the servers and their migration, every mapper, and the reconcile façades (consumer statuses,
     * pages, work orders, the archive, the unpaid timeout, the gate's counts).
     */
    @Configuration(proxyBeanMethods = false)
    // every mapper of order-core, each package-private behind its package's façades: a deployable's beans are the
    // façades its configuration scans
    @MapperScan(basePackages = "dev.eventual.order.core", annotationClass = Mapper.class)
    @ComponentScan({"dev.eventual.order.core.shard", "dev.eventual.order.core.reconcile"})
    public static class Reconciling {
    }

    /**
     * order-service's: all of {@link Reconciling} plus what order-service does to order_db
     * ({@link dev.eventual.order.core.orders.Orders}), its worker-id leases, and the outbox that publishes its
     * order events as half messages and answers the broker's check-backs: order-service is the one producer group
     * of the order topic.
     */
    @Configuration(proxyBeanMethods = false)
    @Import(Reconciling.class)
    @ComponentScan({"dev.eventual.order.core.outbox", "dev.eventual.order.core.orders", "dev.eventual.order.core.leases"})
    public static class Publishing {
    }
}
