package dev.eventual.order.core;

import org.apache.ibatis.annotations.Mapper;
import org.mybatis.spring.annotation.MapperScan;
import org.springframework.context.annotation.ComponentScan;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import dev.eventual.order.core.shard.OrderDbConfiguration;

/**
 * order_db as both deployables of the order context work it: every statement (the store's mappers)
 * and the recording of consumer statuses. Imported explicitly, not auto-configured, because the local
 * suite runs every service on one classpath and only these two may touch order_db.
 */
@Configuration(proxyBeanMethods = false)
@MapperScan(basePackages = {"dev.eventual.order.core.store", "dev.eventual.order.core.reconcile"}, annotationClass = Mapper.class)
@ComponentScan({"dev.eventual.order.core.store", "dev.eventual.order.core.consumer", "dev.eventual.order.core.reconcile"})
@Import(OrderDbConfiguration.class)
public class OrderStoreConfiguration {
}
