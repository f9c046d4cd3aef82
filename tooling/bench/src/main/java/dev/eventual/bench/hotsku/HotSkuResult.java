package dev.eventual.bench.hotsku;

import java.util.List;

/** Section 5: one SKU against orders spread over 1,000 SKUs; ratio = one / spread. */
public record HotSkuResult(List<HotSkuCase> cases, double oneOverSpread) {
}
