package dev.eventual.common.api.problem;

/** One offending input of a validation problem: where it is and what is wrong with it. */
public record InvalidParam(String name, String reason) {
}
