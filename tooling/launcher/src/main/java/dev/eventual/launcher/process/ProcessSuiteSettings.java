package dev.eventual.launcher.process;

import dev.eventual.infra.mq.RocketMqSettings;

import java.nio.file.Path;
import java.util.List;

/**
 * How a {@link ProcessSuite} runs.
 *
 * @param classpath   the service JVMs' classpath (a test JVM passes its own)
 * @param mainClass   called as {@code mainClass <SERVICE> --key=value...}; {@link ServiceMain} or a wrapper of it
 * @param jvmArgs     options of every service JVM (heap, GC, system properties)
 * @param serviceArgs Spring properties given to every service, after the suite's own
 * @param broker      check-back timings (its directory and port are the suite's)
 * @param orderServers how many database servers order_db is split across (1, 2, 4, ...)
 */
public record ProcessSuiteSettings(
        Path dataDirectory,
        String classpath,
        String mainClass,
        List<String> jvmArgs,
        List<String> serviceArgs,
        RocketMqSettings broker,
        int orderServers) {

    public ProcessSuiteSettings {
        jvmArgs = List.copyOf(jvmArgs);
        serviceArgs = List.copyOf(serviceArgs);
    }
}
