package dev.eventual.notice.support;

import dev.eventual.infra.test.InfrastructureInitializer;
import dev.eventual.notice.NoticeServiceApplication;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.ContextConfiguration;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * notice-service on a random port against the shared real database and broker, sending real mail to
 * an in-JVM GreenMail SMTP server. order-service is not running: its address is a closed port, so
 * every status report fails, as when it is down.
 *
 * <p>Every IT uses this one configuration, so the test JVM runs one context and thus one member of
 * the notice consumer group (a second context would share the group and take half the messages).
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
        "spring.config.name=" + NoticeServiceApplication.CONFIG_NAME,
        InfrastructureInitializer.DATABASE_PROPERTY + "=NOTICE",
        "spring.cloud.discovery.client.simple.instances.order-service[0].uri=http://127.0.0.1:1",
        // StatusReportIT points order-service at a fake for a moment; it must be asked each time
        "spring.cloud.loadbalancer.cache.enabled=false",
        "eventual.notice.channel=mail",
        // short enough that a broker redelivery (first one after 10 s) finds an expired lease
        "eventual.notice.lease=5s",
        "eventual.notice.max-reconsume-times=5",
        // small enough that NoticeLogCleanupIT's few hundred records take several batches
        "eventual.consumer.retention.batch-size=50"})
@ContextConfiguration(initializers = {InfrastructureInitializer.class, MailServerInitializer.class})
@Import(NoticeTestConfiguration.class)
public @interface NoticeServiceIT {
}
