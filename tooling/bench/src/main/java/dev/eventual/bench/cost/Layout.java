package dev.eventual.bench.cost;

/** Where the cost section measures the suite (tooling/bench/README.md, "9. Cost per unit"). */
public enum Layout {

    /** The bench's own layout: a JVM per service, mariadbd, redis-server, the broker in the bench JVM. */
    PROCESS,
    /** {@code ./run-local.sh --gate} as users run it: one JVM with its mariadbd and redis-server children. */
    LOCAL
}
