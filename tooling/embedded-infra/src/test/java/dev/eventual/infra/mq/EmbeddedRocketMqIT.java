package dev.eventual.infra.mq;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The embedded broker runs no timer wheel, which nothing in the suite uses (issue 41): its twelve threads
 * (enqueue, dequeue, flush, warm-up, schedule) are absent, while the delay-level schedule (a consumer's
 * retries; ExactlyOnceDeductionIT sees one redelivered) and the transactional check still run.
 */
class EmbeddedRocketMqIT {

    @Test
    void theBrokerRunsNoTimerWheel() {
        Path directory = Path.of(System.getProperty("eventual.infra.dir", "target/infra")).resolve("rocketmq-it-" + System.nanoTime());
        try (EmbeddedRocketMq mq = EmbeddedRocketMq.start(RocketMqSettings.forTests(directory))) {
            List<String> threads = Thread.getAllStackTraces().keySet().stream().map(Thread::getName).sorted().toList();
            assertThat(threads).as("the broker's threads").contains("ScheduleMessageTimerThread_1", "TransactionalMessageCheckService")
                    .noneMatch(name -> name.startsWith("Timer"));
        }
    }
}
