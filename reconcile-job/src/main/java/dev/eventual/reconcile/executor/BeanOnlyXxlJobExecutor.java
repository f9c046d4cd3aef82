package dev.eventual.reconcile.executor;

import com.xxl.job.core.executor.impl.XxlJobSpringExecutor;
import com.xxl.job.core.log.XxlJobFileAppender;
import com.xxl.job.core.openapi.impl.ExecutorBizImpl;
import com.xxl.job.core.thread.ExecutorRegistryThread;
import com.xxl.job.core.thread.JobLogFileCleanThread;
import com.xxl.job.core.thread.TriggerCallbackThread;
import com.xxl.tool.http.IPTool;
import io.micrometer.core.instrument.MeterRegistry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * xxl-job-core's Spring executor, started so that it runs BEAN handlers ({@code @XxlJob} methods)
 * and nothing else. xxl-job-core 3.3.2 runs any GLUE trigger (Groovy source, shell, Python, ...)
 * that arrives with the access token and has no switch to stop it (a later release has one, not
 * on Maven Central). Its server builds the operations that run triggers itself, so instead of that
 * server this class opens {@link ExecutorServer}, whose operations are {@link BeanOnlyExecutorBiz}:
 * the library's start is turned off ({@code enabled=false}, after it has registered the handlers)
 * and the rest of it (log folder, admin clients, log cleanup, result callbacks, registration) is
 * done here with the library's own parts. No GLUE-capable server ever listens, not even briefly.
 */
final class BeanOnlyXxlJobExecutor extends XxlJobSpringExecutor {

    private static final Logger log = LoggerFactory.getLogger(BeanOnlyXxlJobExecutor.class);

    private final XxlJobProperties properties;
    private final MeterRegistry meters;
    private ExecutorServer server;

    BeanOnlyXxlJobExecutor(XxlJobProperties properties, MeterRegistry meters) {
        this.properties = properties;
        this.meters = meters;
        setEnabled(false);
    }

    @Override
    public void afterSingletonsInstantiated() {
        // registers the @XxlJob methods; the library's start then stops at enabled=false (and logs "start fail")
        super.afterSingletonsInstantiated();
        XxlJobProperties.Executor executor = properties.executor();
        try {
            XxlJobFileAppender.initLogPath(executor.logPath());
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot create the executor log folder " + executor.logPath(), e);
        }
        AdminClients.install(properties.admin().addresses(), properties.accessToken());
        JobLogFileCleanThread.getInstance().start(executor.logRetentionDays());
        TriggerCallbackThread.getInstance().start();
        server = ExecutorServer.start(executor.ip(), executor.port(),
                new BeanOnlyExecutorBiz(new ExecutorBizImpl(), meters), properties.accessToken());
        String address = executor.address().isBlank()
                ? "http://" + IPTool.toAddressString(executor.ip().isBlank() ? IPTool.getIp() : executor.ip(),
                server.port()) + "/"
                : executor.address();
        ExecutorRegistryThread.getInstance().start(executor.appname(), address);
        log.info("XXL-Job executor {} on port {}, registered as {}: BEAN handlers only, GLUE triggers refused",
                executor.appname(), server.port(), address);
    }

    @Override
    public void destroy() {
        ExecutorRegistryThread.getInstance().toStop();
        if (server != null) {
            server.close();
        }
        super.destroy();
    }
}
