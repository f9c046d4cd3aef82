package dev.eventual.order.consumer;

import dev.eventual.order.core.consumer.ConsumerOutcome;
import dev.eventual.order.core.consumer.ConsumerStatusRecorder;
import dev.eventual.common.api.ConsumerReports;
import dev.eventual.common.api.ConsumerStatusBatchReport;
import dev.eventual.common.api.ConsumerStatusBatchResult;
import dev.eventual.common.api.ConsumerStatusReport;
import dev.eventual.common.api.OrderInternalApi;
import dev.eventual.web.Ids;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import jakarta.validation.Valid;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Consumers, and the reconcile job on their behalf, report outcomes here (service token required). */
@RestController
public class ConsumerStatusController implements OrderInternalApi {

    private final ConsumerStatusRecorder recorder;

    public ConsumerStatusController(ConsumerStatusRecorder recorder) {
        this.recorder = recorder;
    }

    @Override
    @ApiResponse(responseCode = "204", description = "Recorded, or already known (reports are idempotent and monotonic)")
    @ApiResponse(responseCode = "404", description = "urn:eventual:problem:not-found: the order has no committed event"
            + " of that type")
    @ResponseStatus(HttpStatus.NO_CONTENT)
    public void reportConsumerStatus(@PathVariable("orderId") String orderId,
                                     @Valid @RequestBody ConsumerStatusReport report) {
        recorder.record(Ids.parse("orderId", orderId), report);
    }

    @Override
    public ConsumerStatusBatchResult reportConsumerStatuses(@Valid @RequestBody ConsumerStatusBatchReport batch) {
        Map<Long, String> traceparents = new HashMap<>();
        for (int i = 0; i < batch.orderIds().size(); i++) {
            // an id named twice is one report; its first trace is kept
            traceparents.putIfAbsent(Ids.parse("orderIds[" + i + "]", batch.orderIds().get(i)), batch.traceparentOf(i));
        }
        return recorder.recordAll(traceparents, new ConsumerStatusReport(batch.eventType(), batch.consumerGroup(),
                batch.status(), batch.detail()));
    }

    @Override
    public ConsumerStatusBatchResult reportConsumerOutcomes(@Valid @RequestBody ConsumerReports reports) {
        List<ConsumerOutcome> outcomes = new ArrayList<>();
        for (int i = 0; i < reports.reports().size(); i++) {
            ConsumerReports.Report report = reports.reports().get(i);
            outcomes.add(new ConsumerOutcome(Ids.parse("reports[" + i + "].orderId", report.orderId()),
                    report.eventType(), report.status(), report.detail(), report.traceparent()));
        }
        return recorder.recordEach(reports.consumerGroup(), outcomes);
    }
}
