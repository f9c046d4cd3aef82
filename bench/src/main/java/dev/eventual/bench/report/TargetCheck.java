package dev.eventual.bench.report;

/** One target of issue 8 against this run; {@code status} is MET, MISSED or NOT_MEASURED. */
public record TargetCheck(String target, String threshold, String measured, Status status) {

    public enum Status { MET, MISSED, NOT_MEASURED }

    static TargetCheck atLeast(String target, double threshold, Double measured, String format) {
        return check(target, "≥ " + format.formatted(threshold), measured, format, measured != null && measured >= threshold);
    }

    static TargetCheck atMost(String target, double threshold, Double measured, String format) {
        return check(target, "≤ " + format.formatted(threshold), measured, format, measured != null && measured <= threshold);
    }

    private static TargetCheck check(String target, String threshold, Double measured, String format, boolean met) {
        if (measured == null) {
            return new TargetCheck(target, threshold, "-", Status.NOT_MEASURED);
        }
        return new TargetCheck(target, threshold, format.formatted(measured), met ? Status.MET : Status.MISSED);
    }
}
