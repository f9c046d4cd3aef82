package dev.eventual.launcher.logging;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.LoggingEvent;
import org.junit.jupiter.api.Test;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;

class ServiceLabelTest {

    private final ServiceLabel label = new ServiceLabel();
    private final LoggerContext context = new LoggerContext();

    @Test
    void ourLoggersNameTheirService() {
        assertThat(label("dev.eventual.inventory.deduct.StockLedger", "pool-1")).isEqualTo("inventory-service");
        assertThat(label("dev.eventual.reconcile.run.ReconcileRun", "main")).isEqualTo("reconcile-job");
    }

    @Test
    void frameworkLinesAreLabelledByTheirThread() {
        ServiceLabel.servicePort("notice-service", 18083);
        assertThat(label("org.apache.catalina.core.StandardService", "http-nio-127.0.0.1-18083-exec-2")).isEqualTo("notice-service");
        assertThat(label("org.apache.rocketmq.client.impl.consumer.ConsumeMessageConcurrentlyService",
                "ConsumeMessageThread_eventual-inventory-consumer_3")).isEqualTo("inventory-service");
        assertThat(label("org.apache.rocketmq.broker.BrokerController", "main")).isEqualTo("suite");
    }

    @Test
    void aServiceStartUpAndTheThreadsItCreatesAreTheServices() throws Exception {
        AtomicReference<CompletableFuture<String>> fromChild = new AtomicReference<>();
        String onStarter = ServiceLabel.startingAs("order-service", () -> {
            CompletableFuture<String> child = new CompletableFuture<>();
            Thread thread = new Thread(() -> child.complete(label("com.zaxxer.hikari.HikariDataSource", "housekeeper")));
            thread.start();
            fromChild.set(child);
            return label("org.flywaydb.core.FlywayExecutor", "main");
        });

        assertThat(onStarter).isEqualTo("order-service");
        assertThat(fromChild.get().get()).isEqualTo("order-service");
        assertThat(label("org.flywaydb.core.FlywayExecutor", "main")).isEqualTo("suite");
    }

    private String label(String loggerName, String threadName) {
        Logger logger = context.getLogger(loggerName);
        LoggingEvent event = new LoggingEvent(Logger.class.getName(), logger, Level.INFO, "line", null, null);
        event.setThreadName(threadName);
        return label.convert(event);
    }
}
