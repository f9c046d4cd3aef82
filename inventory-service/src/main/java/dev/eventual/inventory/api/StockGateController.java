package dev.eventual.inventory.api;

import dev.eventual.common.api.StockGateApi;
import dev.eventual.gate.GateSeed;
import dev.eventual.inventory.gate.GateRebuild;
import dev.eventual.inventory.gate.GateSeeding;
import dev.eventual.web.ApiProblemException;
import dev.eventual.web.Ids;
import dev.eventual.web.RequiresServiceToken;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.web.bind.annotation.RestController;

/**
 * The stock gate's repair acts ({@link StockGateApi}, docs/stock-gate.md): the reconcile job calls
 * them, an operator may. Each needs the service token and is audited.
 */
@RestController
public class StockGateController implements StockGateApi {

    private static final Logger log = LoggerFactory.getLogger(StockGateController.class);

    private final GateSeeding seeding;
    private final GateRebuild rebuild;

    public StockGateController(GateSeeding seeding, GateRebuild rebuild) {
        this.seeding = seeding;
        this.rebuild = rebuild;
    }

    @Override
    @Operation(summary = "Seed a gated SKU's count again from its stock, exactly (admin: header X-Eventual-Service-Token)")
    @ApiResponse(responseCode = "200", description = "Seeded: the count before and now, and the reservations ended")
    @ApiResponse(responseCode = "404", description = "urn:eventual:problem:not-found: the SKU has no inventory")
    @ApiResponse(responseCode = "409", description = "urn:eventual:problem:conflict: the SKU is not gated")
    @ApiResponse(responseCode = "503", description = "Nothing changed, retry later: urn:eventual:problem:"
            + "dependency-unavailable (Redis cannot be reached) or database-unavailable")
    @RequiresServiceToken("seeding the stock gate")
    public GateSeedView reseed(String skuId) {
        long sku = Ids.parse("skuId", skuId);
        GateSeed seed = seeding.reseed(sku)
                .orElseThrow(() -> ApiProblemException.notFound("sku " + sku + " has no inventory"));
        return new GateSeedView(Long.toString(sku), seed.before(), seed.available(), seed.ended());
    }

    @Override
    @Operation(summary = "Seed every gated SKU that has no count, then mark the gate seeded (admin: header X-Eventual-Service-Token)")
    @ApiResponse(responseCode = "200", description = "Rebuilt: how many SKUs were seeded")
    @ApiResponse(responseCode = "409", description = "urn:eventual:problem:conflict: the stock gate is off")
    @ApiResponse(responseCode = "503", description = "Not finished, retry later: urn:eventual:problem:"
            + "dependency-unavailable (Redis cannot be reached) or database-unavailable")
    @RequiresServiceToken("rebuilding the stock gate")
    public GateRebuildView rebuild() {
        int seeded = rebuild.rebuild();
        log.info("Stock gate rebuild asked: {} SKUs seeded", seeded);
        return new GateRebuildView(seeded);
    }
}
