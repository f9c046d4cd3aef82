package dev.eventual.bench.limits;

/**
 * One physical limit at one concurrency.
 *
 * @param perSecond  transactions (JDBC) or transactional sends (RocketMQ) completed per second
 * @param cpuMsEach  CPU of every process on the box per transaction or send
 */
public record LimitStep(String limit, int concurrency, double perSecond, double cpuMsEach) {
}
