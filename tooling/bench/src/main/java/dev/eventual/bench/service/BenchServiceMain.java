package dev.eventual.bench.service;

import dev.eventual.launcher.process.ServiceMain;
import dev.eventual.launcher.SuiteService;
import dev.eventual.order.core.outbox.OrderOutbox;
import dev.eventual.tracing.OrderTraces;
import org.apache.rocketmq.spring.core.RocketMQTemplate;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.support.GenericApplicationContext;

import java.nio.file.Path;
import java.util.Arrays;

/**
 * {@link ServiceMain} for the benchmark's service JVMs: order-service gets a
 * {@link ModeSwitchingPublisher} as its primary {@link OrderOutbox.EventSender} (the seam it keeps for
 * this), wrapping the production one (the bean {@value #PRODUCTION_SENDER}); the others run as they are.
 */
public final class BenchServiceMain {

    /** The bean name of order-core's half-message sender. */
    static final String PRODUCTION_SENDER = "orderEventPublisher";

    private BenchServiceMain() {
    }

    public static void main(String[] args) {
        SuiteService service = SuiteService.valueOf(args[0]);
        SpringApplicationBuilder application = service.application();
        if (service == SuiteService.ORDER) {
            ModeSwitch modes = new ModeSwitch(Path.of(System.getProperty(ModeSwitch.DIRECTORY_PROPERTY))).watch();
            application.initializers(context -> ((GenericApplicationContext) context).registerBean(
                    ModeSwitchingPublisher.class, () -> new ModeSwitchingPublisher(
                            context.getBean(PRODUCTION_SENDER, OrderOutbox.EventSender.class), context.getBean(RocketMQTemplate.class),
                            context.getBean(OrderOutbox.LocalTransactions.class),
                            context.getBean(OrderTraces.class), modes),
                    definition -> definition.setPrimary(true)));
        }
        application.run(Arrays.copyOfRange(args, 1, args.length));
    }
}
