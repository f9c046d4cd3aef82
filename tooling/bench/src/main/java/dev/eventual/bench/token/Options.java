package dev.eventual.bench.token;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

import java.util.List;

/** {@code tooling/bench/token-cost.sh}'s options (picocli), each {@code --name=value} or {@code --name value}. */
@Command(name = "tooling/bench/token-cost.sh", sortOptions = false, abbreviateSynopsis = true, usageHelpAutoWidth = true,
        description = {"The CPU an access token's check adds to a request (tooling/bench/README.md, \"Token check\").", ""})
final class Options {

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

    /** The command line, for the report. */
    private List<String> args;

    private Options() {
    }

    /**
     * @return null after {@code --help} printed the usage
     * @throws ParameterException a command line that cannot be run; its message names the option
     */
    static Options parse(String[] args) {
        Options options = new Options();
        CommandLine commandLine = new CommandLine(options);
        commandLine.parseArgs(args);
        if (options.help) {
            commandLine.usage(System.out);
            return null;
        }
        options.args = List.of(args);
        return options;
    }

    int customers() {
        return customers;
    }

    int pairs() {
        return pairs;
    }

    int perBlock() {
        return perBlock;
    }

    int warmUp() {
        return warmUp;
    }

    double orderCpuMillis() {
        return orderCpuMillis;
    }

    String label() {
        return label;
    }

    String work() {
        return work;
    }

    String results() {
        return results;
    }

    List<String> args() {
        return args;
    }
}
