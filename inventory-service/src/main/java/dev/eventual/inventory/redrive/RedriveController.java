package dev.eventual.inventory.redrive;

import dev.eventual.web.Allowed;
import dev.eventual.common.messaging.InternalAuth;
import dev.eventual.common.api.BatchStatusRequest;
import dev.eventual.common.api.BatchStatusResponse;
import dev.eventual.common.api.CleanupRequest;
import dev.eventual.common.api.CleanupResult;
import dev.eventual.common.api.InventoryInternalApi;
import dev.eventual.common.api.RedriveBatch;
import dev.eventual.common.api.RedriveResult;
import dev.eventual.common.api.RedriveResults;
import dev.eventual.common.event.OrderCanceledEvent;
import dev.eventual.common.event.OrderCreatedEvent;
import dev.eventual.common.status.DownstreamStatus;
import dev.eventual.consumer.receive.ReceivedEvent;
import dev.eventual.inventory.deduct.DeductLogMapper;
import dev.eventual.inventory.deduct.DeductOutcome;
import dev.eventual.inventory.deduct.DeductRecord;
import dev.eventual.inventory.deduct.OrderEventHandler;
import dev.eventual.inventory.retention.DeductLogCleanup;
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
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/** What the reconcile job asks and re-drives (its client's scope inventory.redrive, enforced by web-support). */
@RestController
public class RedriveController implements InventoryInternalApi {

    private final DeductLogMapper log;
    private final OrderEventHandler handler;
    private final DeductLogCleanup cleanup;

    public RedriveController(DeductLogMapper log, OrderEventHandler handler, DeductLogCleanup cleanup) {
        this.log = log;
        this.handler = handler;
        this.cleanup = cleanup;
    }

    @Override
    @Allowed(act = "reading inventory events' status", scopes = InternalAuth.SCOPE_INVENTORY_REDRIVE)
    public BatchStatusResponse status(@Valid @RequestBody BatchStatusRequest request) {
        List<Long> ids = new ArrayList<>();
        for (int i = 0; i < request.orderIds().size(); i++) {
            ids.add(Ids.parse("orderIds[" + i + "]", request.orderIds().get(i)));
        }
        Map<Long, DeductRecord> found = log.findAll(ids).stream()
                .collect(Collectors.toMap(DeductRecord::orderId, Function.identity()));
        Map<String, DownstreamStatus> statuses = new LinkedHashMap<>();
        for (Long id : ids) {
            DeductRecord record = found.get(id);
            statuses.put(Long.toString(id), record == null ? DownstreamStatus.NOT_FOUND : record.status().asDownstream());
        }
        return new BatchStatusResponse(statuses);
    }

    @Override
    @Allowed(act = "re-driving deductions", scopes = InternalAuth.SCOPE_INVENTORY_REDRIVE)
    public RedriveResults retryAll(@Valid @RequestBody RedriveBatch<OrderCreatedEvent> batch) {
        for (int i = 0; i < batch.events().size(); i++) {
            OrderCreatedEvent event = batch.events().get(i);
            requireValid("events[" + i + "].", event.orderId(), event.skuId(), event.quantity());
        }
        return results(handler.redriveAll(IntStream.range(0, batch.events().size())
                .mapToObj(i -> ReceivedEvent.of(batch.events().get(i), 1, batch.traceparentOf(i))).toList()));
    }

    @Override
    @Allowed(act = "re-driving releases", scopes = InternalAuth.SCOPE_INVENTORY_REDRIVE)
    public RedriveResults releaseAll(@Valid @RequestBody RedriveBatch<OrderCanceledEvent> batch) {
        for (int i = 0; i < batch.events().size(); i++) {
            OrderCanceledEvent event = batch.events().get(i);
            requireValid("events[" + i + "].", event.orderId(), event.skuId(), event.quantity());
        }
        return results(handler.redriveAll(IntStream.range(0, batch.events().size())
                .mapToObj(i -> ReceivedEvent.of(batch.events().get(i), 1, batch.traceparentOf(i))).toList()));
    }

    @Override
    @Allowed(act = "cleaning deduct records", scopes = InternalAuth.SCOPE_INVENTORY_REDRIVE)
    @Operation(summary = "Delete the deduct records past their retention, in bounded batches (the reconcile job)")
    @ApiResponse(responseCode = "200", description = "Records deleted, whether all past the retention are gone, the"
            + " oldest record's age left and the retention")
    @ApiResponse(responseCode = "409", description = "urn:eventual:problem:retention-too-short: nothing deleted, the retention"
            + " does not outlive the caller's upstream horizon (docs/retention.md)")
    public CleanupResult cleanup(@Valid @RequestBody CleanupRequest request) {
        return cleanup.clean(Duration.ofSeconds(request.upstreamHorizonSeconds()));
    }

    /** Every event of a batch is checked before any is applied: a bad one refuses the whole batch. */
    private static void requireValid(String prefix, long orderId, long skuId, int quantity) {
        requirePositive(prefix + "orderId", orderId);
        requirePositive(prefix + "skuId", skuId);
        requirePositive(prefix + "quantity", quantity);
    }

    private static RedriveResults results(List<DeductOutcome> outcomes) {
        return new RedriveResults(outcomes.stream().map(RedriveController::result).toList());
    }

    private static RedriveResult result(DeductOutcome outcome) {
        return new RedriveResult(Long.toString(outcome.orderId()), outcome.status().asDownstream(), outcome.detail());
    }

    private static void requirePositive(String field, long value) {
        if (value <= 0) {
            throw ApiProblemException.invalid(field, "must be a positive number");
        }
    }
}
