package dev.eventual.bench.service;

import dev.eventual.order.tx.LocalTransactionRunner;
import dev.eventual.order.tx.OrderEventPublisher;
import org.apache.rocketmq.spring.core.RocketMQTemplate;
import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.config.BeanPostProcessor;

/** Wraps order-service's {@link OrderEventPublisher} in a {@link ModeSwitchingPublisher}; production code is untouched. */
public final class PublisherSwap implements BeanPostProcessor {

    private final BeanFactory beans;
    private final ModeSwitch modes;

    public PublisherSwap(BeanFactory beans, ModeSwitch modes) {
        this.beans = beans;
        this.modes = modes;
    }

    @Override
    public Object postProcessAfterInitialization(Object bean, String beanName) {
        if (bean instanceof OrderEventPublisher publisher && !(bean instanceof ModeSwitchingPublisher)) {
            return new ModeSwitchingPublisher(publisher, beans.getBean(RocketMQTemplate.class),
                    beans.getBean(LocalTransactionRunner.class), modes);
        }
        return bean;
    }
}
