package dev.eventual.bench.cost;

import dev.eventual.bench.load.LatencySummary;

import java.util.Map;

/**
 * One variant in one block. Per-unit CPU and SQL figures are net of the block's idle window, scaled to
 * this window's length.
 *
 * @param units                    refusals (409), reads (200) or consistent orders (201, all reported)
 * @param requestsByStatus         every request by its answer's status (0 = none)
 * @param sutCpuMsPerUnit          CPU ms per unit of the system under test
 * @param cpuMsPerUnit             the same by part, generator and the bench JVM's runtime included
 * @param generatorCpuMsPerRequest the fixed-rate generator thread's own CPU per request (ThreadMXBean)
 * @param sqlStatements            statements per database account over the window, net of idle
 * @param rowsWritten              rows inserted, updated or deleted, all accounts, net of idle
 * @param settled                  for orders: both consumers reported every order within --drain
 */
public record VariantRun(Variant variant, double seconds, long units, Map<Integer, Long> requestsByStatus,
                         double sutCpuMsPerUnit, Map<String, Double> cpuMsPerUnit, double generatorCpuMsPerRequest,
                         LatencySummary latency, Map<String, Double> sqlStatements, double rowsWritten,
                         boolean settled) {

    double sqlStatementsOf(String account) {
        return sqlStatements.getOrDefault(account, 0.0);
    }

    double sqlStatementsTotal() {
        return sqlStatements.values().stream().mapToDouble(Double::doubleValue).sum();
    }
}
