package dev.eventual.bench;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/** The parts of a benchmark run, in the order they run; resources are sampled during all of them. */
public enum Section {

    ACCEPTANCE, ENDTOEND, CONSISTENCY, HOTSKU, RECONCILE, LIMITS, FLASHSALE, COST, RELAY,
    /** Runs alone, on a suite of its own whose retentions are minutes (not part of {@code all}). */
    RETENTION;

    /** {@code acceptance,reconcile} or {@code all} (every section but {@link #RETENTION}). */
    public static Set<Section> parse(String list) {
        if (list.equalsIgnoreCase("all")) {
            return EnumSet.complementOf(EnumSet.of(RETENTION));
        }
        return Arrays.stream(list.split(",")).map(String::trim).filter(s -> !s.isEmpty())
                .map(s -> Section.valueOf(s.toUpperCase(Locale.ROOT).replace("-", "")))
                .collect(Collectors.toCollection(() -> EnumSet.noneOf(Section.class)));
    }

    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }
}
