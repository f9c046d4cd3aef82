package dev.eventual.notice;

import dev.eventual.common.messaging.OrderMessaging;
import dev.eventual.infra.test.HttpCall;
import dev.eventual.notice.support.NoticeConsumer;
import dev.eventual.notice.support.NoticeServiceIT;
import org.apache.rocketmq.spring.support.DefaultRocketMQListenerContainer;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.test.web.server.LocalManagementPort;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.ApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/** notice-service boots against the real database (migrated by its own Flyway) and consumes from the real broker. */
@NoticeServiceIT
class NoticeServiceBootIT {

    @Autowired
    JdbcTemplate jdbc;

    @Autowired
    ApplicationContext context;

    @LocalServerPort
    int port;

    /** Health and metrics: the management port, never the API's (docs/operations.md, "The management port"). */
    @LocalManagementPort
    int managementPort;

    @Value("${spring.application.name}")
    String applicationName;

    @Test
    void readsItsOwnConfigurationFile() {
        assertThat(applicationName).isEqualTo(NoticeServiceApplication.CONFIG_NAME);
    }

    @Test
    void schemaIsAppliedAndQueryable() {
        assertThat(jdbc.queryForObject(
                "SELECT COUNT(*) FROM flyway_schema_history WHERE success = 1 AND version IN ('1', '2')", Integer.class))
                .isEqualTo(2);
        assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM notice_log WHERE order_id = -1", Integer.class)).isZero();
    }

    @Test
    void theNoticeGroupConsumesBothOrderEventsWithTheConfiguredRedeliveryLimit() {
        DefaultRocketMQListenerContainer container = NoticeConsumer.container(context);

        assertThat(container.isRunning()).isTrue();
        assertThat(container.getTopic()).isEqualTo(OrderMessaging.ORDER_TOPIC);
        assertThat(container.getSelectorExpression()).isEqualTo(OrderMessaging.ALL_ORDER_EVENT_TAGS);
        // eventual.notice.max-reconsume-times=5 in the tests, set by the listener's prepareStart
        assertThat(container.getConsumer().getMaxReconsumeTimes()).isEqualTo(5);
    }

    @Test
    void openApiDescribesTheInternalApiAndActuatorShowsHealthInfoMetricsAndPrometheusOnly() {
        HttpCall.Response docs = HttpCall.get(port, "/v3/api-docs").send();

        assertThat(docs.status()).isEqualTo(200);
        assertThat(docs.json().get("paths").propertyNames()).contains("/internal/notices/status",
                "/internal/notices/order-created/retries", "/internal/notices/order-canceled/retries",
                "/internal/notices/cleanup");
        assertThat(managementPort).isNotEqualTo(port);
        assertThat(HttpCall.get(managementPort, "/actuator/health").send().status()).isEqualTo(200);
        assertThat(HttpCall.get(managementPort, "/actuator/metrics/eventual.notice.duplicates").send().status()).isEqualTo(200);
        assertThat(HttpCall.get(managementPort, "/actuator/env").send().status()).isEqualTo(404);
        assertThat(HttpCall.get(managementPort, "/actuator/beans").send().status()).isEqualTo(404);
        // nothing of the actuator on the API port
        assertThat(HttpCall.get(port, "/actuator/health").send().status()).isEqualTo(404);
        assertThat(HttpCall.get(port, "/actuator/prometheus").send().status()).isEqualTo(404);
    }

    @Test
    void prometheusScrapesTheServicesOwnMeters() {
        HttpCall.Response scrape = HttpCall.get(managementPort, "/actuator/prometheus").send();

        assertThat(scrape.status()).isEqualTo(200);
        assertThat(scrape.contentType()).startsWith("text/plain");
        // the names the compose stack's dashboard asks for (deploy's MonitoringTest)
        assertThat(scrape.body()).contains("\neventual_notice_duplicates_total ", "\neventual_notice_report_failures_total ",
                "\neventual_consumer_report_batch_count{group=\"" + OrderMessaging.NOTICE_CONSUMER_GROUP + "\"}");
    }
}
