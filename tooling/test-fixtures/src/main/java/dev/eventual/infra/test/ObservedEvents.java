package dev.eventual.infra.test;

import dev.eventual.common.messaging.OrderMessaging;

/** One observer consumer group for the whole test JVM: sees every order event the broker delivers. */
public final class ObservedEvents {

    private static TestConsumer consumer;

    private ObservedEvents() {
    }

    public static synchronized TestConsumer consumer() {
        if (consumer == null) {
            consumer = TestConsumer.start(TestInfrastructure.shared().rocketMq().nameServerAddress(),
                    "order-it-observer", OrderMessaging.ORDER_TOPIC);
        }
        return consumer;
    }
}
