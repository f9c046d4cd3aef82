package dev.eventual.inventory.api;

import dev.eventual.common.api.StockGateApi;
import dev.eventual.common.api.StockGateApi.GateRebuildView;
import dev.eventual.common.api.StockGateApi.GateSeedView;
import dev.eventual.gate.GateSeed;
import dev.eventual.inventory.gate.GateRebuild;
import dev.eventual.inventory.gate.GateSeeding;
import dev.eventual.web.Allowed;
import dev.eventual.web.ApiProblemException;
import dev.eventual.web.Caller;
import dev.eventual.web.CallerRole;
import dev.eventual.web.Ids;
import io.swagger.v3.oas.annotations.Operation;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * The stock gate's repair acts at {@link StockGateApi}'s paths (docs/stock-gate.md): the reconcile job
 * calls them with the service token, the admin may. Each is logged with who asked.
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
            + " with header X-Eventual-Service-Token)")
    @Allowed(act = "seeding the stock gate", value = {CallerRole.ADMIN, CallerRole.SERVICE})
    @PostMapping(StockGateApi.RESEED_PATH)
    public GateSeedView reseed(@PathVariable String skuId, Caller caller) {
        long sku = Ids.parse("skuId", skuId);
        log.info("Stock gate of sku {}: seed asked by {}", sku, caller.subject());
        GateSeed seed = seeding.reseed(sku)
                .orElseThrow(() -> ApiProblemException.notFound("sku " + sku + " has no inventory"));
        return new GateSeedView(Long.toString(sku), seed.before(), seed.available(), seed.ended());
    }

    @Operation(summary = "Seed every gated SKU that has no count, then mark the gate seeded (the admin, or the"
            + " reconcile job with header X-Eventual-Service-Token)")
    @Allowed(act = "rebuilding the stock gate", value = {CallerRole.ADMIN, CallerRole.SERVICE})
    @PostMapping(StockGateApi.REBUILD_PATH)
    public GateRebuildView rebuild(Caller caller) {
        int seeded = rebuild.rebuild();
        log.info("Stock gate rebuild asked by {}: {} SKUs seeded", caller.subject(), seeded);
        return new GateRebuildView(seeded);
    }
}
