package dev.eventual.launcher.invariants;

/** One broken guarantee, with the order (or SKU) it concerns. */
public record Violation(String invariant, String subject, String detail) {

    @Override
    public String toString() {
        return invariant + " [" + subject + "]: " + detail;
    }
}
