package dev.eventual.launcher.invariants;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The check's command line, split into named values: each option as {@code --name=value} or
 * {@code --name value}, plus {@code --help} / {@code -h}. An option given twice is refused rather
 * than silently overridden, and so is any password: a command line is visible to every user of
 * the machine ({@code ps}).
 */
record CheckArguments(Map<String, String> values, boolean help) {

    static CheckArguments parse(List<String> args, Set<String> names) throws UsageException {
        Map<String, String> values = new LinkedHashMap<>();
        boolean help = false;
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            if (arg.equals("--help") || arg.equals("-h")) {
                help = true;
                continue;
            }
            if (!arg.startsWith("--") || arg.length() == 2) {
                throw new UsageException("unexpected argument '" + arg + "': options start with --; --help lists them");
            }
            int equals = arg.indexOf('=');
            String name = equals < 0 ? arg.substring(2) : arg.substring(2, equals);
            if (!names.contains(name)) {
                throw new UsageException(name.endsWith("password")
                        ? "--" + name + ": passwords are not taken on the command line (every user of the machine sees it);"
                        + " use the environment variable or the --...-password-file option (--help)"
                        : "unknown option --" + name + "; --help lists the options");
            }
            String value;
            if (equals >= 0) {
                value = arg.substring(equals + 1);
            } else if (i + 1 < args.size() && !args.get(i + 1).startsWith("--")) {
                value = args.get(++i);
            } else {
                value = "";
            }
            if (value.isEmpty()) {
                throw new UsageException("--" + name + " needs a value (--" + name + "=VALUE or --" + name + " VALUE)");
            }
            if (values.putIfAbsent(name, value) != null) {
                throw new UsageException("--" + name + " is given twice");
            }
        }
        return new CheckArguments(values, help);
    }
}
