package dev.eventual.bench.flashsale;

import dev.eventual.bench.BenchOptions;
import dev.eventual.bench.BenchSuite;
import dev.eventual.bench.Section;
import dev.eventual.bench.load.OrderClient;
import dev.eventual.bench.resources.ResourceSampler;
import dev.eventual.infra.db.ServiceDatabase;
import dev.eventual.launcher.SuiteService;
import org.awaitility.core.ConditionTimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;

import static org.awaitility.Awaitility.await;

/**
 * Section 8: a flash sale. The stock gate is on for one SKU ({@link BenchSuite#FLASH_SKU}), whose stock
 * is set to {@link #UNITS} through inventory-service's API, which seeds the gate's count; then
 * {@code --flash-orders} orders for it come from {@code --flash-clients} closed-loop clients. The gate
 * should let exactly the units through and refuse every other order at the door (409 sold-out,
 * nothing written or sent), so no order fails downstream and no work order follows. After the load
 * the section waits until the orders it let through are deducted and reported, then reads what the
 * databases hold for the SKU.
 * <p>
 * Before the sale, {@code --flash-warm-up} orders meet the same SKU with a stock of 0: each takes the
 * refusal path the sale measures and leaves nothing behind, so the JIT has compiled that path (run on
 * its own, the section starts on services that just booted).
 * <p>
 * The CPU window ({@code flashsale}) covers the sale alone, first send to last answer: not the warm-up,
 * the stock settings nor the settling afterwards, whose CPU is no refusal's.
 */
public final class FlashSaleSection {

    /** The units on sale. */
    public static final int UNITS = 100;

    private static final Logger log = LoggerFactory.getLogger(FlashSaleSection.class);
    private static final Duration POLL = Duration.ofMillis(250);

    private final BenchSuite suite;
    private final BenchOptions options;
    private final ResourceSampler sampler;

    /** @param sampler gets one window, over the sale */
    public FlashSaleSection(BenchSuite suite, BenchOptions options, ResourceSampler sampler) {
        this.suite = suite;
        this.options = options;
        this.sampler = sampler;
    }

    public FlashSaleResult run() {
        long sku = BenchSuite.FLASH_SKU;
        FlashSaleLoad load = new FlashSaleLoad(new OrderClient(suite.port(SuiteService.ORDER), suite.customerTokens()));
        // through the API (service token), as an operator would: setting the stock is what seeds the gate
        suite.processes().setStock(sku, 0);
        long warmUpRefused = warmUp(load, sku);
        suite.processes().setStock(sku, UNITS);
        sampler.begin(Section.FLASHSALE.id());
        FlashSaleAnswers answers = load.run(sku, options.flashOrders(), options.flashClients());
        sampler.end();
        FlashSaleResult result = FlashSaleResult.of(sku, UNITS, options.flashClients(),
                new FlashSaleWarmUp(options.flashWarmUp(), warmUpRefused), answers, settle(sku));
        log.info("flash sale, {} orders for {} units from {} clients: {} created, {} refused, {} other {};"
                        + " {} refusals/s, refusal p99 {} ms; order_db {} orders, stock left {}, failed deductions {},"
                        + " work orders {}", result.orders(), UNITS, result.clients(), result.created(), result.refused(),
                result.other(), result.otherStatuses(), Math.round(result.refusalsPerSecond()),
                String.format("%.1f", result.refusalLatency().p99Ms()), result.state().orders(),
                result.state().stockLeft(), result.state().failedDeductions(), result.state().workOrders());
        return result;
    }

    /** @return how many of the warm-up's orders were refused: all of them, unless the gate is broken */
    private long warmUp(FlashSaleLoad load, long sku) {
        if (options.flashWarmUp() == 0) {
            return 0;
        }
        FlashSaleAnswers warmUp = load.run(sku, options.flashWarmUp(), options.flashClients());
        long refused = warmUp.count(FlashSaleOutcome.SOLD_OUT);
        log.info("flash sale warm-up: {} of {} orders refused in {} s", refused, warmUp.size(),
                String.format("%.1f", warmUp.wallNanos() / 1e9));
        if (refused != warmUp.size()) {
            // an order created here counts in order_db, which the targets then show
            log.warn("flash sale warm-up at a stock of 0: {} created, other answers {}",
                    warmUp.count(FlashSaleOutcome.CREATED), warmUp.otherStatuses());
        }
        return refused;
    }

    /** Waits (at most --drain) until every order of the SKU is deducted and reported by both consumers, then reads. */
    private FlashSaleState settle(long sku) {
        boolean settled = true;
        try {
            await().atMost(options.drain()).pollInterval(POLL).until(() -> settled(sku));
        } catch (ConditionTimeoutException e) {
            settled = false;
            log.warn("flash sale: the SKU's orders had not settled after {} s; what follows is work in progress",
                    options.drain().toSeconds());
        }
        return new FlashSaleState(settled, orders(sku),
                suite.count(ServiceDatabase.INVENTORY, "SELECT stock FROM inventory WHERE sku_id = ?", sku),
                suite.count(ServiceDatabase.INVENTORY,
                        "SELECT COUNT(*) FROM inventory_deduct_log WHERE sku_id = ? AND status = 'FAIL'", sku),
                suite.count(ServiceDatabase.ORDER, "SELECT COUNT(*) FROM reconcile_work_order w"
                        + " JOIN t_order o ON o.order_id = w.order_id WHERE o.sku_id = ?", sku));
    }

    /** Each order has its deduct record and no event of them still waits for a consumer's report. */
    private boolean settled(long sku) {
        long deducted = suite.count(ServiceDatabase.INVENTORY, "SELECT COUNT(*) FROM inventory_deduct_log WHERE sku_id = ?",
                sku);
        long unreported = suite.count(ServiceDatabase.ORDER, "SELECT COUNT(*) FROM message_log m"
                + " JOIN t_order o ON o.order_id = m.order_id WHERE o.sku_id = ? AND m.msg_status = 'SENT'", sku);
        return deducted == orders(sku) && unreported == 0;
    }

    private long orders(long sku) {
        return suite.count(ServiceDatabase.ORDER, "SELECT COUNT(*) FROM t_order WHERE sku_id = ?", sku);
    }
}
