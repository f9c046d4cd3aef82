package dev.eventual.reconcile.executor;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import com.xxl.job.core.openapi.ExecutorBiz;
import com.xxl.job.core.openapi.model.IdleBeatRequest;
import com.xxl.job.core.openapi.model.KillRequest;
import com.xxl.job.core.openapi.model.LogRequest;
import com.xxl.job.core.openapi.model.LogResult;
import com.xxl.job.core.openapi.model.TriggerRequest;
import com.xxl.tool.response.Response;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.NullSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class BeanOnlyExecutorBizTest {

    private final Logger logger = (Logger) LoggerFactory.getLogger(BeanOnlyExecutorBiz.class);
    private final ListAppender<ILoggingEvent> lines = new ListAppender<>();
    private final SimpleMeterRegistry meters = new SimpleMeterRegistry();
    private final RecordingExecutorBiz library = new RecordingExecutorBiz();
    private final BeanOnlyExecutorBiz executor = new BeanOnlyExecutorBiz(library, meters);

    @BeforeEach
    void capture() {
        lines.start();
        logger.addAppender(lines);
    }

    @AfterEach
    void release() {
        logger.detachAppender(lines);
    }

    @ParameterizedTest
    @ValueSource(strings = {"GLUE_GROOVY", "GLUE_SHELL", "GLUE_PYTHON", "GLUE_PYTHON2", "GLUE_NODEJS",
            "GLUE_POWERSHELL", "GLUE_PHP"})
    void everyGlueTypeIsRefusedBeforeTheLibrarySeesIt(String glueType) {
        Response<String> answer = executor.run(trigger(glueType));

        assertThat(answer.getCode()).isEqualTo(500);
        assertThat(answer.getMsg()).isEqualTo("glueType " + glueType + " refused: this executor runs BEAN handlers only");
        assertThat(library.runs).isEmpty();
        assertThat(meters.counter(BeanOnlyExecutorBiz.REFUSED_METRIC, "glue_type", glueType).count()).isEqualTo(1);
        assertThat(lines.list).singleElement().satisfies(line -> {
            assertThat(line.getLevel()).isEqualTo(Level.WARN);
            assertThat(line.getFormattedMessage()).contains(glueType, "job 7", "log 11");
        });
    }

    /** An unknown or missing type is refused too, and the caller's text reaches neither the log nor a tag. */
    @ParameterizedTest
    @NullSource
    @ValueSource(strings = {"", "bean", "BEAN ", "GLUE_SHELL\nforged log line"})
    void unknownTypesAreRefusedAsUnknown(String glueType) {
        Response<String> answer = executor.run(trigger(glueType));

        assertThat(answer.getCode()).isEqualTo(500);
        assertThat(library.runs).isEmpty();
        assertThat(meters.counter(BeanOnlyExecutorBiz.REFUSED_METRIC, "glue_type", "unknown").count()).isEqualTo(1);
        assertThat(lines.list).singleElement().satisfies(line ->
                assertThat(line.getFormattedMessage()).contains("unknown").doesNotContain("forged"));
    }

    @Test
    void aBeanTriggerGoesToTheLibrary() {
        TriggerRequest trigger = trigger("BEAN");

        Response<String> answer = executor.run(trigger);

        assertThat(answer.getCode()).isEqualTo(200);
        assertThat(library.runs).containsExactly(trigger);
        assertThat(meters.find(BeanOnlyExecutorBiz.REFUSED_METRIC).counters()).isEmpty();
        assertThat(lines.list).isEmpty();
    }

    private static TriggerRequest trigger(String glueType) {
        TriggerRequest trigger = new TriggerRequest();
        trigger.setJobId(7);
        trigger.setLogId(11);
        trigger.setExecutorHandler("orderReconcileJob");
        trigger.setGlueType(glueType);
        trigger.setGlueSource("touch /tmp/never");
        return trigger;
    }

    /** Stands in for xxl-job-core's ExecutorBizImpl: records what reached it. */
    private static final class RecordingExecutorBiz implements ExecutorBiz {

        final List<TriggerRequest> runs = new ArrayList<>();

        @Override
        public Response<String> run(TriggerRequest trigger) {
            runs.add(trigger);
            return Response.ofSuccess();
        }

        @Override
        public Response<String> beat() {
            return Response.ofSuccess();
        }

        @Override
        public Response<String> idleBeat(IdleBeatRequest request) {
            return Response.ofSuccess();
        }

        @Override
        public Response<String> kill(KillRequest request) {
            return Response.ofSuccess();
        }

        @Override
        public Response<LogResult> log(LogRequest request) {
            return Response.ofSuccess();
        }
    }
}
