package dev.eventual.bench.token;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

import java.util.List;

/**
 * {@code tooling/bench/token-cost.sh}'s settings, read by picocli from its options ({@link Arguments}: each
 * {@code --name=value} or {@code --name value}, described in its usage, {@code --help}).
 *
 * @param args the command line, for the report
 */
record Options(int customers, int pairs, int perBlock, int warmUp, double orderCpuMillis, String label, String work,
               String results, List<String> args) {

    /**
     * @return null after {@code --help} printed the usage
     * @throws ParameterException a command line that cannot be run; its message names the option
     */
    static Options parse(String[] args) {
        Arguments given = new Arguments();
        CommandLine commandLine = new CommandLine(given);
        commandLine.parseArgs(args);
        if (given.help) {
            commandLine.usage(System.out);
            return null;
        }
        return new Options(given.customers, given.pairs, given.perBlock, given.warmUp, given.orderCpuMillis, given.label,
                given.work, given.results, List.of(args));
    }

    /** The options as typed; their descriptions are the usage. */
    @Command(name = "tooling/bench/token-cost.sh", sortOptions = false, abbreviateSynopsis = true, usageHelpAutoWidth = true,
            description = {"The CPU an access token's check adds to a request (tooling/bench/README.md, \"Token check\").", ""})
    private static final class Arguments {

        @Option(names = "--customers", paramLabel = "N", defaultValue = "200",
                description = "distinct customers whose tokens are checked in turn (default ${DEFAULT-VALUE})")
        private int customers;

        @Option(names = "--pairs", paramLabel = "N", defaultValue = "30", description = "paired blocks: each runs the JWT"
                + " check, the service token's compare and nothing, in random order (default ${DEFAULT-VALUE})")
        private int pairs;

        @Option(names = "--per-block", paramLabel = "N", defaultValue = "5000",
                description = "checks per block (default ${DEFAULT-VALUE})")
        private int perBlock;

        @Option(names = "--warm-up", paramLabel = "N", defaultValue = "100000",
                description = "checks of each kind before measuring, so the JIT has compiled them (default ${DEFAULT-VALUE})")
        private int warmUp;

        @Option(names = "--order-cpu-ms", paramLabel = "MS", defaultValue = "4.6", description = "the CPU of one order that"
                + " the added cost is a share of (issue 28 measured 4.6 ms; default ${DEFAULT-VALUE})")
        private double orderCpuMillis;

        @Option(names = "--label", defaultValue = "run", description = "part of the result file's name (default ${DEFAULT-VALUE})")
        private String label;

        @Option(names = "--work", paramLabel = "DIR", defaultValue = "tooling/bench/target/token-cost",
                description = "where the auth-server keeps its key and users for the run (default ${DEFAULT-VALUE})")
        private String work;

        @Option(names = "--results", paramLabel = "DIR", defaultValue = "tooling/bench/results",
                description = "where the result goes (default ${DEFAULT-VALUE})")
        private String results;

        @Option(names = {"-h", "--help"}, usageHelp = true, description = "this text")
        private boolean help;
    }
}
