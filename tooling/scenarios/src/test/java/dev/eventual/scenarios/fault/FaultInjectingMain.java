package dev.eventual.scenarios.fault;

import dev.eventual.launcher.process.ServiceMain;
import dev.eventual.launcher.SuiteService;
import org.springframework.context.support.GenericApplicationContext;

import java.nio.file.Path;
import java.util.Arrays;

/**
 * {@link ServiceMain} with the {@link FaultPoints} in: {@code FaultInjectingMain <SERVICE> [--key=value ...]},
 * switches in the directory named by the system property {@value #FAULTS_DIR}.
 */
public final class FaultInjectingMain {

    public static final String FAULTS_DIR = "eventual.faults.dir";

    private FaultInjectingMain() {
    }

    public static void main(String[] args) {
        FaultSwitches switches = new FaultSwitches(Path.of(System.getProperty(FAULTS_DIR)));
        SuiteService.valueOf(args[0]).application()
                .initializers(context -> ((GenericApplicationContext) context)
                        .registerBean(FaultPoints.class, () -> new FaultPoints(switches)))
                .run(Arrays.copyOfRange(args, 1, args.length));
    }
}
