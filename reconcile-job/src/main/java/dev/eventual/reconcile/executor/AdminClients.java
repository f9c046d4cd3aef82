package dev.eventual.reconcile.executor;

import com.xxl.job.core.constant.Const;
import com.xxl.job.core.executor.XxlJobExecutor;
import com.xxl.job.core.openapi.AdminBiz;
import com.xxl.tool.http.HttpTool;

import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.List;

/**
 * The admin consoles the executor registers with and reports results to. xxl-job-core 3.3.2 keeps
 * them in a private static list that only its own start fills, and that start would also open its
 * GLUE-capable server ({@link BeanOnlyXxlJobExecutor} skips it). So the list is filled here, once,
 * before any thread of the executor runs. The one reflective step of the executor: a change of
 * xxl-job-core that moves the field stops the start instead of leaving the executor unregistered.
 */
final class AdminClients {

    /** The library's own default for calls to the admin. */
    private static final int TIMEOUT_MILLIS = 3_000;
    private static final String FIELD = "adminBizList";

    private AdminClients() {
    }

    static void install(String adminAddresses, String accessToken) {
        List<AdminBiz> clients = new ArrayList<>();
        for (String address : adminAddresses.split(",")) {
            if (address.isBlank()) {
                continue;
            }
            String base = address.trim();
            clients.add(HttpTool.createClient()
                    .url(base.endsWith("/") ? base + "api" : base + "/api")
                    .timeout(TIMEOUT_MILLIS)
                    .header(Const.XXL_JOB_ACCESS_TOKEN, accessToken)
                    .proxy(AdminBiz.class));
        }
        try {
            Field field = XxlJobExecutor.class.getDeclaredField(FIELD);
            field.setAccessible(true);
            field.set(null, clients);
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw new IllegalStateException("xxl-job-core no longer has XxlJobExecutor." + FIELD
                    + ": BeanOnlyXxlJobExecutor was written for 3.3.2 and must be revisited for this version", e);
        }
    }
}
