package dev.eventual.bench.service;

import dev.eventual.launcher.process.ServiceMain;
import dev.eventual.launcher.SuiteService;
import dev.eventual.order.core.outbox.LocalTransactionRunner;
import dev.eventual.order.core.outbox.OrderEventPublication;
import dev.eventual.order.core.outbox.OrderEventPublisher;
import dev.eventual.tracing.OrderTraces;
import org.apache.rocketmq.spring.core.RocketMQTemplate;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.support.GenericApplicationContext;

import java.nio.file.Path;
import java.util.Arrays;

/**
 * {@link ServiceMain} for the benchmark's service JVMs: order-service gets a
 * {@link ModeSwitchingPublisher} as its primary {@link OrderEventPublication} (the seam it keeps for
 * this), the others run as they are.
 */
public final class BenchServiceMain {

    private BenchServiceMain() {
    }

    public static void main(String[] args) {
        SuiteService service = SuiteService.valueOf(args[0]);
        SpringApplicationBuilder application = service.application();
        if (service == SuiteService.ORDER) {
            ModeSwitch modes = new ModeSwitch(Path.of(System.getProperty(ModeSwitch.DIRECTORY_PROPERTY))).watch();
            application.initializers(context -> ((GenericApplicationContext) context).registerBean(
                    ModeSwitchingPublisher.class, () -> new ModeSwitchingPublisher(context.getBean(OrderEventPublisher.class),
                            context.getBean(RocketMQTemplate.class), context.getBean(LocalTransactionRunner.class),
                            context.getBean(OrderTraces.class), modes),
                    definition -> definition.setPrimary(true)));
        }
        application.run(Arrays.copyOfRange(args, 1, args.length));
    }
}
