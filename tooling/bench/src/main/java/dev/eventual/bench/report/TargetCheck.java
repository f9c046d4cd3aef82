package dev.eventual.bench.report;

/**
 * One target of issues 13 and 16 against this run: {@code threshold} is "done when", {@code goal} what we aim
 * for; {@code status} is MET, MISSED or NOT_MEASURED against the threshold.
 */
public record TargetCheck(String target, String threshold, String goal, String measured, Status status) {

    public enum Status { MET, MISSED, NOT_MEASURED }

    static TargetCheck atLeast(String target, double threshold, double goal, Double measured, String format) {
        return check(target, "≥ " + format.formatted(threshold), "≥ " + format.formatted(goal), measured, format,
                measured != null && measured >= threshold);
    }

    static TargetCheck atMost(String target, double threshold, double goal, Double measured, String format) {
        return check(target, "≤ " + format.formatted(threshold), "≤ " + format.formatted(goal), measured, format,
                measured != null && measured <= threshold);
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
