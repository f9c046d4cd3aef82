package dev.eventual.consumer.report;

import org.springframework.context.annotation.Import;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * On a consumer's application class: a {@link ReportCoalescer} that reports its group's outcomes to
 * order-service over the Feign client {@code orderStatus}. An annotation rather than an
 * auto-configuration because the launcher runs every service on one classpath: order-service and
 * reconcile-job must not gain this client.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Import(OrderStatusReports.class)
public @interface EnableStatusReports {

    /** The consumer group the reports speak for. */
    String consumerGroup();

    /** The service's counter of reports order-service did not take. */
    String failuresMetric();
}
