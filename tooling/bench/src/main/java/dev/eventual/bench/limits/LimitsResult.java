package dev.eventual.bench.limits;

import java.util.List;

/** The physical limits section: ceilings to hold our figures against. */
public record LimitsResult(List<LimitStep> steps) {

    public static final String JDBC = "order transaction, plain JDBC";
    public static final String ROCKETMQ = "transactional send, raw RocketMQ";

    /** The limit's best rate over all concurrencies. */
    public double peak(String limit) {
        return steps.stream().filter(s -> s.limit().equals(limit)).mapToDouble(LimitStep::perSecond).max().orElse(0);
    }
}
