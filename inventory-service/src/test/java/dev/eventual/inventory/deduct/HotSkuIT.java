package dev.eventual.inventory.deduct;

import dev.eventual.common.event.OrderCreatedEvent;
import dev.eventual.inventory.stock.StockMapper;
import dev.eventual.inventory.support.Events;
import dev.eventual.inventory.support.InventoryServiceIT;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** Many concurrent orders on one SKU: no deadlock, no lost update, never negative. */
@InventoryServiceIT
class HotSkuIT {

    private static final Logger log = LoggerFactory.getLogger(HotSkuIT.class);

    @Autowired
    StockMapper stock;

    @Autowired
    OrderEventHandler handler;

    @Autowired
    JdbcTemplate jdbc;

    @Test
    void twoHundredOrdersThroughTheBrokerOnAStockOfHundredSellExactlyHundred() throws Exception {
        long sku = Events.newSku();
        stock.set(sku, 100);
        List<OrderCreatedEvent> orders = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            orders.add(Events.created(sku, 1));
        }
        long started = System.nanoTime();
        runConcurrently(8, orders, event -> {
            Events.publish(event);
            return null;
        });

        await().atMost(Duration.ofSeconds(60)).until(() -> recordsOf(sku) == 200);
        double seconds = (System.nanoTime() - started) / 1e9;
        Map<String, Long> byStatus = jdbc.queryForList(
                        "SELECT status FROM inventory_deduct_log WHERE sku_id = ?", String.class, sku).stream()
                .collect(Collectors.groupingBy(s -> s, Collectors.counting()));
        assertThat(byStatus).containsEntry("SUCCESS", 100L).containsEntry("FAIL", 100L).hasSize(2);
        assertThat(stock.stockOf(sku)).isZero();
        log.info("Hot SKU through the broker: 200 orders on one SKU handled in {} s ({} orders/s)",
                String.format("%.2f", seconds), String.format("%.0f", 200 / seconds));
    }

    @Test
    void concurrentDeductionsOnOneSkuNeverLoseAnUpdate() throws Exception {
        long sku = Events.newSku();
        int orders = 1_000;
        stock.set(sku, orders);
        List<OrderCreatedEvent> events = new ArrayList<>();
        for (int i = 0; i < orders; i++) {
            events.add(Events.created(sku, 1));
        }

        long started = System.nanoTime();
        List<DeductOutcome> outcomes = runConcurrently(32, events, event -> handler.onCreated(event, false));
        double seconds = (System.nanoTime() - started) / 1e9;

        assertThat(outcomes).extracting(DeductOutcome::status).containsOnly(DeductStatus.SUCCESS);
        assertThat(stock.stockOf(sku)).isZero();
        log.info("Hot SKU, 32 threads calling the ledger: {} deductions on one SKU in {} s ({} deductions/s)",
                orders, String.format("%.2f", seconds), String.format("%.0f", orders / seconds));
    }

    private long recordsOf(long sku) {
        return jdbc.queryForObject("SELECT COUNT(*) FROM inventory_deduct_log WHERE sku_id = ?", Long.class, sku);
    }

    private static <T> List<T> runConcurrently(int threads, List<OrderCreatedEvent> events,
                                               java.util.function.Function<OrderCreatedEvent, T> work) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<T>> futures = new ArrayList<>();
            for (OrderCreatedEvent event : events) {
                futures.add(pool.submit(() -> work.apply(event)));
            }
            List<T> results = new ArrayList<>();
            for (Future<T> future : futures) {
                results.add(future.get());
            }
            return results;
        } finally {
            pool.shutdown();
        }
    }
}
