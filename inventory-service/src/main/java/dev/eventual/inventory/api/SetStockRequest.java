package dev.eventual.inventory.api;

import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;

/** Body of {@code PUT /api/inventory/{skuId}}. */
public record SetStockRequest(@NotNull @Min(0) @Max(1_000_000_000) Integer stock) {
}
