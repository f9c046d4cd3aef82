package dev.eventual.inventory.api;

import dev.eventual.inventory.gate.GateSeeding;
import dev.eventual.inventory.stock.StockMapper;
import dev.eventual.web.Allowed;
import dev.eventual.web.ApiProblemException;
import dev.eventual.web.Caller;
import dev.eventual.web.CallerRole;
import dev.eventual.web.Ids;
import io.swagger.v3.oas.annotations.Operation;
import jakarta.validation.Valid;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/** Stock per SKU: anyone signed in reads it; the admin sets it. */
@RestController
@RequestMapping(path = "/api/inventory", produces = MediaType.APPLICATION_JSON_VALUE)
public class InventoryController {

    private static final Logger log = LoggerFactory.getLogger(InventoryController.class);

    private final StockMapper stock;
    private final GateSeeding gate;

    public InventoryController(StockMapper stock, GateSeeding gate) {
        this.stock = stock;
        this.gate = gate;
    }

    @Operation(summary = "Read a SKU's stock (any signed-in customer, operator or admin)")
    @Allowed(act = "reading stock", value = {CallerRole.CUSTOMER, CallerRole.OPERATOR, CallerRole.ADMIN})
    @GetMapping("/{skuId}")
    public StockView get(@PathVariable String skuId) {
        long sku = Ids.parse("skuId", skuId);
        Integer current = stock.stockOf(sku);
        if (current == null) {
            throw ApiProblemException.notFound("sku " + sku + " has no inventory");
        }
        return new StockView(Long.toString(sku), current);
    }

    @Operation(summary = "Set a SKU's stock (the admin); seeds a gated SKU's count")
    @Allowed(act = "setting stock", value = CallerRole.ADMIN)
    @PutMapping(path = "/{skuId}", consumes = MediaType.APPLICATION_JSON_VALUE)
    public StockView set(@PathVariable String skuId,
                         @Valid @RequestBody SetStockRequest request, Caller caller) {
        long sku = Ids.parse("skuId", skuId);
        gate.setStock(sku, request.stock());
        log.info("Stock of sku {} set to {} by {}", sku, request.stock(), caller.subject());
        return new StockView(Long.toString(sku), request.stock());
    }
}
