package dev.eventual.order.core;

import org.apache.ibatis.annotations.Mapper;
import org.mybatis.spring.annotation.MapperScan;
import org.springframework.context.annotation.ComponentScan;
import org.springframework.context.annotation.Configuration;

/**
 * order_db as both deployables of the order context work it: every statement (the store's mappers)
 * and the recording of consumer statuses. Imported explicitly, not auto-configured, because the local
 * suite runs every service on one classpath and only these two may touch order_db.
 */
@Configuration(proxyBeanMethods = false)
// every mapper of order-core, each package-private behind its package's façade; a deployable's beans are the
// façades its configuration scans
@MapperScan(basePackages = "dev.eventual.order.core", annotationClass = Mapper.class)
@ComponentScan({"dev.eventual.order.core.shard", "dev.eventual.order.core.store", "dev.eventual.order.core.consumer"})
public class OrderStoreConfiguration {
}
