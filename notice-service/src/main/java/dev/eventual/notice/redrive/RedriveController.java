package dev.eventual.notice.redrive;

import dev.eventual.web.Allowed;
import dev.eventual.common.messaging.InternalAuth;
import dev.eventual.common.api.BatchStatusRequest;
import dev.eventual.common.api.BatchStatusResponse;
import dev.eventual.common.api.CleanupRequest;
import dev.eventual.common.api.CleanupResult;
import dev.eventual.common.api.NoticeInternalApi;
import dev.eventual.common.api.RedriveBatch;
import dev.eventual.common.api.RedriveResult;
import dev.eventual.common.api.RedriveResults;
import dev.eventual.common.event.OrderCanceledEvent;
import dev.eventual.common.event.OrderCreatedEvent;
import dev.eventual.common.status.DownstreamStatus;
import dev.eventual.notice.compose.InvalidNoticeRequestException;
import dev.eventual.notice.compose.NoticeRequest;
import dev.eventual.notice.config.NoticeProperties;
import dev.eventual.notice.delivery.ChannelUnavailableException;
import dev.eventual.notice.delivery.DeliveryAttempt;
import dev.eventual.notice.delivery.NoticeDelivery;
import dev.eventual.notice.retention.NoticeLogCleanup;
import dev.eventual.web.ApiProblemException;
import dev.eventual.web.Ids;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import jakarta.validation.Valid;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * notice-service's internal API for the reconcile job (its client's scope notices.redrive, enforced by web-support):
 * statuses, re-drives, and the cleanup of notice_log past its retention.
 */
@RestController
public class RedriveController implements NoticeInternalApi {

    private static final String REDRIVE_ALL = "Idempotent, in order; stops at the first notice the channel cannot take"
            + " (answered PROCESSING), and starts none after eventual.notice.redrive-budget (3 s): the answer lists the"
            + " notices done, the caller re-drives the rest later";

    private final NoticeStatusQuery statusQuery;
    private final NoticeDelivery delivery;
    private final NoticeLogCleanup cleanup;
    private final Duration budget;

    public RedriveController(NoticeStatusQuery statusQuery, NoticeDelivery delivery, NoticeLogCleanup cleanup,
                             NoticeProperties properties) {
        this.statusQuery = statusQuery;
        this.delivery = delivery;
        this.cleanup = cleanup;
        this.budget = properties.redriveBudget();
    }

    @Override
    @Operation(summary = "Order-created notice status of up to 500 orders",
            description = "SUCCESS, FAIL, PROCESSING, REFUSED (its event came after the retention with no record: never"
                    + " sent, a work order) or NOT_FOUND for every requested id")
    @Allowed(act = "reading notices' status", scopes = InternalAuth.SCOPE_NOTICE_REDRIVE)
    public BatchStatusResponse status(@Valid @RequestBody BatchStatusRequest request) {
        List<Long> ids = new ArrayList<>(request.orderIds().size());
        for (int i = 0; i < request.orderIds().size(); i++) {
            ids.add(Ids.parse("orderIds[" + i + "]", request.orderIds().get(i)));
        }
        Map<Long, DownstreamStatus> byId = statusQuery.createdNotices(ids);
        Map<String, DownstreamStatus> statuses = new LinkedHashMap<>();
        byId.forEach((id, status) -> statuses.put(Long.toString(id), status));
        return new BatchStatusResponse(statuses);
    }

    @Override
    @Operation(summary = "Send the order-created notices of up to 500 orders unless they already succeeded",
            description = REDRIVE_ALL)
    @Allowed(act = "re-driving order-created notices", scopes = InternalAuth.SCOPE_NOTICE_REDRIVE)
    public RedriveResults retryAllCreated(@Valid @RequestBody RedriveBatch<OrderCreatedEvent> batch) {
        List<NoticeRequest> requests = new ArrayList<>();
        for (int i = 0; i < batch.events().size(); i++) {
            OrderCreatedEvent event = batch.events().get(i);
            String traceparent = batch.traceparentOf(i);
            requests.add(request("events[" + i + "].", () -> NoticeRequest.of(event, traceparent)));
        }
        return redriveAll(requests);
    }

    @Override
    @Operation(summary = "Send the order-canceled notices of up to 500 orders unless they already succeeded",
            description = REDRIVE_ALL)
    @Allowed(act = "re-driving order-canceled notices", scopes = InternalAuth.SCOPE_NOTICE_REDRIVE)
    public RedriveResults retryAllCanceled(@Valid @RequestBody RedriveBatch<OrderCanceledEvent> batch) {
        List<NoticeRequest> requests = new ArrayList<>();
        for (int i = 0; i < batch.events().size(); i++) {
            OrderCanceledEvent event = batch.events().get(i);
            String traceparent = batch.traceparentOf(i);
            requests.add(request("events[" + i + "].", () -> NoticeRequest.of(event, traceparent)));
        }
        return redriveAll(requests);
    }

    @Override
    @Operation(summary = "Delete notice_log records untouched for longer than the retention",
            description = "Records whose updated_at is older than eventual.consumer.retention.keep (30 d), in batches of"
                    + " eventual.consumer.retention.batch-size (1000), one short statement each, oldest first, until a"
                    + " batch is short or eventual.consumer.retention.budget (20 s) is spent (caughtUp false: call again);"
                    + " answers the records removed and the age of the oldest one left. An event that comes later and"
                    + " finds no record is refused, never sent (docs/retention.md)")
    @ApiResponse(responseCode = "200", description = "Cleaned: the records removed, whether it caught up, the age of the"
            + " oldest record left and the retention, in seconds")
    @ApiResponse(responseCode = "409", description = "urn:eventual:problem:retention-too-short: the retention does not"
            + " outlive the last moment an event can still arrive with the caller's upstreamHorizonSeconds (its back-off,"
            + " the broker's redeliveries, the dead-letter reserve, the clocks' skew); nothing was deleted")
    @Allowed(act = "cleaning notice records past their retention", scopes = InternalAuth.SCOPE_NOTICE_REDRIVE)
    public CleanupResult cleanup(@Valid @RequestBody CleanupRequest request) {
        return cleanup.clean(Duration.ofSeconds(request.upstreamHorizonSeconds()));
    }

    /** Every notice is checked before any is sent: a bad event refuses the whole batch. */
    private static NoticeRequest request(String prefix, Supplier<NoticeRequest> event) {
        try {
            return event.get();
        } catch (InvalidNoticeRequestException e) {
            throw ApiProblemException.invalid(prefix + e.param().name(), e.param().reason());
        }
    }

    /**
     * One claim and one record statement for fresh notices ({@link NoticeDelivery#deliverWithin}). The
     * answer stops at the first notice the channel could not take, answered PROCESSING, or at the budget,
     * so that it comes within the reconcile job's read timeout: the job tries the rest again.
     */
    private RedriveResults redriveAll(List<NoticeRequest> requests) {
        List<RedriveResult> results = new ArrayList<>();
        List<DeliveryAttempt> attempts = delivery.deliverWithin(requests, budget);
        for (int i = 0; i < attempts.size(); i++) {
            String orderId = Long.toString(requests.get(i).orderId());
            DeliveryAttempt attempt = attempts.get(i);
            if (attempt.failure() == null) {
                results.add(new RedriveResult(orderId, attempt.result().status().downstream(), attempt.result().detail()));
            } else if (attempt.failure() instanceof ChannelUnavailableException) {
                results.add(new RedriveResult(orderId, DownstreamStatus.PROCESSING,
                        "channel unavailable: not sent, stays PROCESSING"));
            } else {
                // notice_log unreachable: the call fails; what was recorded before stays, the job re-drives the rest
                throw attempt.failure();
            }
        }
        return new RedriveResults(results);
    }
}
