package dev.eventual.order.consumer;

import dev.eventual.order.core.reconcile.ConsumerStatusRecorder.Outcome;
import dev.eventual.order.core.reconcile.ConsumerStatusRecorder;
import dev.eventual.common.api.ConsumerReports;
import dev.eventual.common.api.ConsumerStatusBatchResult;
import dev.eventual.common.api.OrderInternalApi;
import dev.eventual.common.messaging.InternalAuth;
import dev.eventual.web.Allowed;
import dev.eventual.web.ApiProblemException;
import dev.eventual.web.Caller;
import dev.eventual.web.Ids;
import jakarta.validation.Valid;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

import java.util.ArrayList;
import java.util.List;

/**
 * Consumers report their coalesced outcomes here, each service for its own consumer group only (the scope
 * of its client, docs/security.md): a service that could report another group's SUCCESS could say stock was
 * taken that never was. The reconcile job records in process.
 */
@RestController
public class ConsumerStatusController {

    private final ConsumerStatusRecorder recorder;

    public ConsumerStatusController(ConsumerStatusRecorder recorder) {
        this.recorder = recorder;
    }

    @PostMapping(path = OrderInternalApi.CONSUMER_REPORTS, consumes = MediaType.APPLICATION_JSON_VALUE)
    @Allowed(act = "reporting consumer outcomes", scopes = {InternalAuth.SCOPE_REPORT_INVENTORY, InternalAuth.SCOPE_REPORT_NOTICE})
    public ConsumerStatusBatchResult reportConsumerOutcomes(@Valid @RequestBody ConsumerReports reports, Caller caller) {
        String scope = InternalAuth.reportScopeOf(reports.consumerGroup());
        // a group the suite does not have is the recorder's 400
        if (scope != null && !caller.has(scope)) {
            throw ApiProblemException.forbidden("client " + caller.subject() + " may not report for consumer group "
                    + reports.consumerGroup() + " (that needs scope " + scope + ")");
        }
        List<Outcome> outcomes = new ArrayList<>();
        for (int i = 0; i < reports.reports().size(); i++) {
            ConsumerReports.Report report = reports.reports().get(i);
            outcomes.add(new Outcome(Ids.parse("reports[" + i + "].orderId", report.orderId()),
                    report.eventType(), report.status(), report.detail(), report.traceparent()));
        }
        return recorder.recordEach(reports.consumerGroup(), outcomes);
    }
}
