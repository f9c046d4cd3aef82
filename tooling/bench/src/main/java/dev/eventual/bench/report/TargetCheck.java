package dev.eventual.bench.report;

import dev.eventual.bench.cost.MedianInterval;

/**
 * One target of issues 13 and 16 against this run: {@code threshold} is "done when", {@code goal} what we aim
 * for; {@code status} is MET, MISSED or NOT_MEASURED against the threshold, or UNDECIDED when a
 * 95 % interval over paired blocks straddles it (issue 28: run more blocks), or INFORMATION for a figure no
 * threshold was set for (shown beside the targets, judged by nothing).
 */
public record TargetCheck(String target, String threshold, String goal, String measured, Status status) {

    public enum Status { MET, MISSED, UNDECIDED, NOT_MEASURED, INFORMATION }

    static TargetCheck atLeast(String target, double threshold, double goal, Double measured, String format) {
        return check(target, "≥ " + format.formatted(threshold), "≥ " + format.formatted(goal), measured, format,
                measured != null && measured >= threshold);
    }

    static TargetCheck atMost(String target, double threshold, double goal, Double measured, String format) {
        return check(target, "≤ " + format.formatted(threshold), "≤ " + format.formatted(goal), measured, format,
                measured != null && measured <= threshold);
    }

    /**
     * The median of per-block values with its 95 % interval: MET when the interval lies on the passing
     * side, MISSED when on the failing side, else UNDECIDED.
     */
    static TargetCheck interval(String target, double threshold, double goal, boolean atMost, MedianInterval m,
                                String format) {
        String sign = atMost ? "≤ " : "≥ ";
        if (m == null || m.blocks() == 0) {
            return new TargetCheck(target, sign + format.formatted(threshold), sign + format.formatted(goal), "-",
                    Status.NOT_MEASURED);
        }
        String measured = measured(m, format);
        Status status = switch (m.against(threshold, atMost)) {
            case MET -> Status.MET;
            case MISSED -> Status.MISSED;
            case UNDECIDED -> Status.UNDECIDED;
        };
        return new TargetCheck(target, sign + format.formatted(threshold), sign + format.formatted(goal), measured, status);
    }

    /** A median of per-block values with its 95 % interval that no threshold was set for: information only. */
    static TargetCheck information(String target, MedianInterval m, String format) {
        return new TargetCheck(target, "none (information)", "-", m == null || m.blocks() == 0 ? "-" : measured(m, format),
                Status.INFORMATION);
    }

    private static String measured(MedianInterval m, String format) {
        return format.formatted(m.median()) + (m.low() == null ? " (" + m.blocks() + " blocks: no 95 % interval)"
                : " [" + format.formatted(m.low()) + ", " + format.formatted(m.high()) + "], " + m.blocks() + " blocks");
    }

    /** A count that must come out exactly; the goal is the same. */
    static TargetCheck exactly(String target, long expected, Long measured) {
        String threshold = "= " + expected;
        return check(target, threshold, threshold, measured == null ? null : measured.doubleValue(), "%.0f",
                measured != null && measured == expected);
    }

    private static TargetCheck check(String target, String threshold, String goal, Double measured, String format,
                                     boolean met) {
        if (measured == null) {
            return new TargetCheck(target, threshold, goal, "-", Status.NOT_MEASURED);
        }
        return new TargetCheck(target, threshold, goal, format.formatted(measured), met ? Status.MET : Status.MISSED);
    }
}
