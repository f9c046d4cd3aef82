package dev.eventual.reconcile.executor;

import com.xxl.job.core.context.XxlJobContext;
import com.xxl.job.core.glue.GlueTypeEnum;
import com.xxl.job.core.openapi.ExecutorBiz;
import com.xxl.job.core.openapi.model.IdleBeatRequest;
import com.xxl.job.core.openapi.model.KillRequest;
import com.xxl.job.core.openapi.model.LogRequest;
import com.xxl.job.core.openapi.model.LogResult;
import com.xxl.job.core.openapi.model.TriggerRequest;
import com.xxl.tool.response.Response;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The executor's operations with GLUE taken out: a trigger whose glue type is not {@code BEAN}
 * (Groovy source, shell, Python, ... sent in the trigger itself) is answered with a failure before
 * xxl-job-core looks at it, so no class is compiled, no script file written, no job thread started.
 * The access token does not change this: whoever holds it may run our handlers, not their code.
 * Everything else goes to xxl-job-core's own implementation.
 */
final class BeanOnlyExecutorBiz implements ExecutorBiz {

    static final String REFUSED_METRIC = "eventual.reconcile.executor.refused";
    private static final Logger log = LoggerFactory.getLogger(BeanOnlyExecutorBiz.class);

    private final ExecutorBiz delegate;
    private final MeterRegistry meters;

    BeanOnlyExecutorBiz(ExecutorBiz delegate, MeterRegistry meters) {
        this.delegate = delegate;
        this.meters = meters;
    }

    @Override
    public Response<String> run(TriggerRequest trigger) {
        if (GlueTypeEnum.BEAN.name().equals(trigger.getGlueType())) {
            return delegate.run(trigger);
        }
        // the raw value comes from the caller: only a known type's name reaches the log and the metric tag
        GlueTypeEnum known = GlueTypeEnum.match(trigger.getGlueType());
        String glueType = known == null ? "unknown" : known.name();
        log.warn("Refused the trigger of job {} (log {}): glue type {}, and this executor runs BEAN handlers only",
                trigger.getJobId(), trigger.getLogId(), glueType);
        Counter.builder(REFUSED_METRIC).description("Triggers refused because they were not BEAN handlers")
                .tag("glue_type", glueType).register(meters).increment();
        return Response.of(XxlJobContext.HANDLE_CODE_FAIL,
                "glueType " + glueType + " refused: this executor runs BEAN handlers only");
    }

    @Override
    public Response<String> beat() {
        return delegate.beat();
    }

    @Override
    public Response<String> idleBeat(IdleBeatRequest request) {
        return delegate.idleBeat(request);
    }

    @Override
    public Response<String> kill(KillRequest request) {
        return delegate.kill(request);
    }

    @Override
    public Response<LogResult> log(LogRequest request) {
        return delegate.log(request);
    }
}
