package dev.eventual.order.core.outbox;

import org.apache.rocketmq.client.impl.producer.DefaultMQProducerImpl;
import org.apache.rocketmq.client.producer.TransactionMQProducer;
import org.apache.rocketmq.spring.core.RocketMQTemplate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.scheduling.concurrent.CustomizableThreadFactory;
import org.springframework.stereotype.Component;

import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * Gives check-backs {@link CheckBackProperties#threads()} threads. The producer takes its check
 * executor once, when it starts, and rocketmq-spring starts it with the template, before any
 * listener annotation's pool is applied: left alone, every check-back runs on one thread, and one
 * attempt in flight delays the answer for every other in-doubt order. So the started producer's
 * default executor is shut down (it finishes what it queued) and this pool is put in its place; the
 * producer shuts it down when it stops.
 */
@Component
@EnableConfigurationProperties(CheckBackProperties.class)
class CheckBackExecutor implements SmartInitializingSingleton {

    private static final Logger log = LoggerFactory.getLogger(CheckBackExecutor.class);

    private final RocketMQTemplate template;
    private final CheckBackProperties properties;

    CheckBackExecutor(RocketMQTemplate template, CheckBackProperties properties) {
        this.template = template;
        this.properties = properties;
    }

    @Override
    public void afterSingletonsInstantiated() {
        TransactionMQProducer producer = (TransactionMQProducer) template.getProducer();
        ThreadPoolExecutor pool = new ThreadPoolExecutor(properties.threads(), properties.threads(), 60, TimeUnit.SECONDS,
                new ArrayBlockingQueue<>(properties.queueCapacity()), new CustomizableThreadFactory("check-back-"));
        pool.allowCoreThreadTimeOut(true);
        DefaultMQProducerImpl impl = producer.getDefaultMQProducerImpl();
        impl.destroyTransactionEnv();
        producer.setExecutorService(pool);
        impl.initTransactionEnv();
        log.info("Producer group {}: check-backs answered by {} threads", producer.getProducerGroup(), properties.threads());
    }
}
