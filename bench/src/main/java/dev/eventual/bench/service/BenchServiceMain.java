package dev.eventual.bench.service;

import dev.eventual.launcher.process.ServiceMain;
import dev.eventual.launcher.SuiteService;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.support.GenericApplicationContext;

import java.nio.file.Path;
import java.util.Arrays;

/**
 * {@link ServiceMain} for the benchmark's service JVMs: order-service gets the {@link PublisherSwap},
 * the others run as they are.
 */
public final class BenchServiceMain {

    private BenchServiceMain() {
    }

    public static void main(String[] args) {
        SuiteService service = SuiteService.valueOf(args[0]);
        SpringApplicationBuilder application = service.application();
        if (service == SuiteService.ORDER) {
            ModeSwitch modes = new ModeSwitch(Path.of(System.getProperty(ModeSwitch.DIRECTORY_PROPERTY))).watch();
            application.initializers(context -> ((GenericApplicationContext) context).getBeanFactory()
                    .addBeanPostProcessor(new PublisherSwap(((GenericApplicationContext) context).getBeanFactory(), modes)));
        }
        application.run(Arrays.copyOfRange(args, 1, args.length));
    }
}
