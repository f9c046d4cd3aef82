package dev.eventual.order.consumer;

import dev.eventual.order.core.reconcile.ConsumerStatusRecorder.Outcome;
import dev.eventual.order.core.reconcile.ConsumerStatusRecorder;
import dev.eventual.common.api.ConsumerReports;
import dev.eventual.common.api.ConsumerStatusBatchResult;
import dev.eventual.common.api.OrderInternalApi;
import dev.eventual.web.Ids;
import jakarta.validation.Valid;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

import java.util.ArrayList;
import java.util.List;

/** Consumers report their coalesced outcomes here (service token required); the reconcile job records in process. */
@RestController
public class ConsumerStatusController implements OrderInternalApi {

    private final ConsumerStatusRecorder recorder;

    public ConsumerStatusController(ConsumerStatusRecorder recorder) {
        this.recorder = recorder;
    }

    @Override
    public ConsumerStatusBatchResult reportConsumerOutcomes(@Valid @RequestBody ConsumerReports reports) {
        List<Outcome> outcomes = new ArrayList<>();
        for (int i = 0; i < reports.reports().size(); i++) {
            ConsumerReports.Report report = reports.reports().get(i);
            outcomes.add(new Outcome(Ids.parse("reports[" + i + "].orderId", report.orderId()),
                    report.eventType(), report.status(), report.detail(), report.traceparent()));
        }
        return recorder.recordEach(reports.consumerGroup(), outcomes);
    }
}
