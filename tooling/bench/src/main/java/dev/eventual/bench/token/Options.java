package dev.eventual.bench.token;

import java.util.Arrays;
import java.util.List;

/**
 * {@code tooling/bench/token-cost.sh} options, each {@code --name=value}.
 *
 * @param customers      distinct customers whose tokens are checked in turn
 * @param pairs          paired blocks (each pair runs the JWT check, the service token's compare and nothing, in random order)
 * @param perBlock       checks per block
 * @param warmUp         checks of each kind before measuring, so the JIT has compiled them
 * @param orderCpuMillis the CPU of one order that the added cost is a share of (issue 28 measured 4.6 ms)
 * @param label          part of the result file's name
 * @param work           where the auth-server keeps its key and users for the run
 * @param results        where the result goes
 * @param args           the command line, for the report
 */
record Options(int customers, int pairs, int perBlock, int warmUp, double orderCpuMillis, String label, String work,
               String results, List<String> args) {

    static Options parse(String[] args) {
        Options options = new Options(200, 30, 5_000, 100_000, 4.6, "run", "tooling/bench/target/token-cost",
                "tooling/bench/results", List.of(args));
        for (String arg : args) {
            String[] pair = arg.replaceFirst("^--", "").split("=", 2);
            if (pair.length != 2) {
                throw new IllegalArgumentException("expected --name=value: " + arg);
            }
            options = options.with(pair[0], pair[1]);
        }
        return options;
    }

    private Options with(String name, String value) {
        return switch (name) {
            case "customers" -> new Options(Integer.parseInt(value), pairs, perBlock, warmUp, orderCpuMillis, label, work, results, args);
            case "pairs" -> new Options(customers, Integer.parseInt(value), perBlock, warmUp, orderCpuMillis, label, work, results, args);
            case "per-block" -> new Options(customers, pairs, Integer.parseInt(value), warmUp, orderCpuMillis, label, work, results, args);
            case "warm-up" -> new Options(customers, pairs, perBlock, Integer.parseInt(value), orderCpuMillis, label, work, results, args);
            case "order-cpu-ms" -> new Options(customers, pairs, perBlock, warmUp, Double.parseDouble(value), label, work, results, args);
            case "label" -> new Options(customers, pairs, perBlock, warmUp, orderCpuMillis, value, work, results, args);
            case "work" -> new Options(customers, pairs, perBlock, warmUp, orderCpuMillis, label, value, results, args);
            case "results" -> new Options(customers, pairs, perBlock, warmUp, orderCpuMillis, label, work, value, args);
            default -> throw new IllegalArgumentException("unknown option --" + name + "; known: "
                    + Arrays.toString(new String[] {"customers", "pairs", "per-block", "warm-up", "order-cpu-ms", "label", "work", "results"}));
        };
    }
}
