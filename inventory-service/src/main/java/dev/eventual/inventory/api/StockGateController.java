package dev.eventual.inventory.api;

import dev.eventual.common.messaging.InternalAuth;
import dev.eventual.common.api.StockGateApi;
import dev.eventual.common.api.StockGateApi.GateRebuildView;
import dev.eventual.common.api.StockGateApi.GateSeedView;
import dev.eventual.inventory.gate.GateRebuild;
import dev.eventual.inventory.gate.GateSeeding;
import dev.eventual.inventory.gate.SeedOutcome;
import dev.eventual.web.Allowed;
import dev.eventual.web.ApiProblemException;
import dev.eventual.web.Caller;
import dev.eventual.web.CallerRole;
import dev.eventual.web.Ids;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * The stock gate's repair acts at {@link StockGateApi}'s paths (docs/stock-gate.md): the reconcile job
 * calls them with its client's scope inventory.gate, the admin may. Each is logged with who asked.
 */
@RestController
public class StockGateController {

    private static final Logger log = LoggerFactory.getLogger(StockGateController.class);

    private final GateSeeding seeding;
    private final GateRebuild rebuild;

    public StockGateController(GateSeeding seeding, GateRebuild rebuild) {
        this.seeding = seeding;
        this.rebuild = rebuild;
    }

    @Operation(summary = "Seed a gated SKU's count again from its stock, exactly (the admin, or the reconcile job"
            + " with its client's scope inventory.gate)")
    @Allowed(act = "seeding the stock gate", value = CallerRole.ADMIN, scopes = InternalAuth.SCOPE_STOCK_GATE)
    @ApiResponse(responseCode = "200", description = "Seeded: the count before and now, and the reservations ended")
    @ApiResponse(responseCode = "404", description = "urn:eventual:problem:not-found: the SKU has no inventory")
    @ApiResponse(responseCode = "409", description = "urn:eventual:problem:conflict: the SKU is not gated")
    @ApiResponse(responseCode = "503", description = "Nothing changed, retry later: urn:eventual:problem:"
            + "dependency-unavailable (Redis cannot be reached) or database-unavailable")
    @PostMapping(StockGateApi.RESEED_PATH)
    public GateSeedView reseed(@PathVariable String skuId, Caller caller) {
        long sku = Ids.parse("skuId", skuId);
        log.info("Stock gate of sku {}: seed asked by {}", sku, caller.subject());
        SeedOutcome seed = seeding.reseed(sku)
                .orElseThrow(() -> ApiProblemException.notFound("sku " + sku + " has no inventory"));
        return new GateSeedView(Long.toString(sku), seed.before(), seed.available(), seed.ended());
    }

    @Operation(summary = "Seed every gated SKU that has no count, then mark the gate seeded (the admin, or the"
            + " reconcile job with its client's scope inventory.gate)")
    @Allowed(act = "rebuilding the stock gate", value = CallerRole.ADMIN, scopes = InternalAuth.SCOPE_STOCK_GATE)
    @ApiResponse(responseCode = "200", description = "Rebuilt: how many SKUs were seeded")
    @ApiResponse(responseCode = "409", description = "urn:eventual:problem:conflict: the stock gate is off")
    @ApiResponse(responseCode = "503", description = "Not finished, retry later: urn:eventual:problem:"
            + "dependency-unavailable (Redis cannot be reached) or database-unavailable")
    @PostMapping(StockGateApi.REBUILD_PATH)
    public GateRebuildView rebuild(Caller caller) {
        int seeded = rebuild.rebuild();
        log.info("Stock gate rebuild asked by {}: {} SKUs seeded", caller.subject(), seeded);
        return new GateRebuildView(seeded);
    }
}
