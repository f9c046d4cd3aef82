package dev.eventual.notice;

import dev.eventual.common.messaging.OrderMessaging;
import dev.eventual.consumer.report.EnableStatusReports;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.builder.SpringApplicationBuilder;

/**
 * Consumes order events in its own consumer group and sends notices; see docs/design.md, "Services and
 * databases", for what it owns.
 */
@SpringBootApplication
@EnableStatusReports(consumerGroup = OrderMessaging.NOTICE_CONSUMER_GROUP,
        failuresMetric = "eventual.notice.report-failures")
public class NoticeServiceApplication {

    /** Its configuration is {@value #CONFIG_NAME}.yml, so all services can share one classpath (tests, launcher). */
    public static final String CONFIG_NAME = "notice-service";

    public static void main(String[] args) {
        application().run(args);
    }

    public static SpringApplicationBuilder application() {
        return new SpringApplicationBuilder(NoticeServiceApplication.class).properties("spring.config.name=" + CONFIG_NAME);
    }
}
