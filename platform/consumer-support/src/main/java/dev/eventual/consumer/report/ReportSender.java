package dev.eventual.consumer.report;

import dev.eventual.common.api.ConsumerReports;
import dev.eventual.common.api.ConsumerStatusBatchResult;

/** The call to order-service that takes a batch of reports (its Feign client, in a service). */
@FunctionalInterface
public interface ReportSender {

    ConsumerStatusBatchResult send(ConsumerReports reports);
}
