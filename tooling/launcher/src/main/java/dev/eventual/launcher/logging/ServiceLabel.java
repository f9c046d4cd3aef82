package dev.eventual.launcher.logging;

import ch.qos.logback.classic.pattern.ClassicConverter;
import ch.qos.logback.classic.spi.ILoggingEvent;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * {@code %service}: which service of the in-JVM suite wrote a log line. Spring Boot labels lines with
 * the application name from one JVM-wide property, so with four contexts in one JVM every line said
 * the last one's name. A line belongs to a service by its logger (our packages); by the thread that
 * started the service's context, or any thread created from it meanwhile (an inheritable thread
 * local); by its thread's port (Tomcat's {@code http-nio-8081-exec-1}) or consumer group. Anything
 * else (the broker, the database, shared JVM threads) is the {@code suite}'s. In a JVM that runs one
 * service the label is that service's name.
 */
public class ServiceLabel extends ClassicConverter {

    private static final Map<String, String> LOGGER_PREFIXES = Map.of(
            "dev.eventual.order.", "order-service",
            "dev.eventual.inventory.", "inventory-service",
            "dev.eventual.notice.", "notice-service",
            "dev.eventual.reconcile.", "reconcile-job");
    private static final Map<String, String> THREAD_MARKS = new ConcurrentHashMap<>(Map.of(
            "eventual-inventory-consumer", "inventory-service",
            "eventual-notice-consumer", "notice-service",
            "eventual-order-tx-producer", "order-service",
            "check-back-", "order-service",
            "xxl-job", "reconcile-job"));

    private static final InheritableThreadLocal<String> STARTED_BY = new InheritableThreadLocal<>();

    /** Runs a service's start-up with its lines, and those of the threads it creates, labelled as the service's. */
    public static <T> T startingAs(String service, Supplier<T> start) {
        STARTED_BY.set(service);
        try {
            return start.get();
        } finally {
            STARTED_BY.remove();
        }
    }

    /** The suite tells which port each service's web server took, once it knows. */
    public static void servicePort(String service, int port) {
        THREAD_MARKS.put("-" + port + "-", service);
    }

    @Override
    public String convert(ILoggingEvent event) {
        String logger = event.getLoggerName();
        for (Map.Entry<String, String> prefix : LOGGER_PREFIXES.entrySet()) {
            if (logger.startsWith(prefix.getKey())) {
                return prefix.getValue();
            }
        }
        String starting = STARTED_BY.get();
        if (starting != null) {
            return starting;
        }
        String thread = event.getThreadName();
        for (Map.Entry<String, String> mark : THREAD_MARKS.entrySet()) {
            if (thread.contains(mark.getKey())) {
                return mark.getValue();
            }
        }
        String single = System.getProperty("eventual.service.name");
        return single != null ? single : "suite";
    }
}
