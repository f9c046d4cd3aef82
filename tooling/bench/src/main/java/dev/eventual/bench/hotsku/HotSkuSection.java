package dev.eventual.bench.hotsku;

import dev.eventual.bench.BenchOptions;
import dev.eventual.bench.BenchSuite;
import dev.eventual.common.event.OrderCreatedEvent;
import dev.eventual.common.event.OrderEvents;
import dev.eventual.common.messaging.OrderEventType;
import dev.eventual.common.messaging.OrderMessaging;
import dev.eventual.infra.db.ServiceDatabase;
import dev.eventual.bench.resources.ResourceSampler;
import org.apache.rocketmq.client.exception.MQClientException;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.message.Message;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Section 5: stock deductions per second by inventory-service when every order takes the same SKU, and
 * when orders spread over 1,000 SKUs. The events go straight to the order topic (as order-service's
 * committed events would) in batches, far faster than they are consumed, so the consumer side is
 * what is measured: the conditional decrement and its deduct record in one transaction, and the
 * status report to order-service. The consumers start on the events while they are still being
 * published; the rate and the CPU window ({@code hotsku <case>}) start when the last one is stored, so
 * neither includes the publisher's CPU: what is measured is the backlog left then.
 */
public final class HotSkuSection {

    private static final Logger log = LoggerFactory.getLogger(HotSkuSection.class);
    private static final int PRODUCERS = 4;
    /** Messages per batch send: one round trip for many events keeps the publisher ahead of the consumer. */
    private static final int BATCH = 100;
    private static final long FIRST_ORDER = 8_000_000_000_000_000_000L;
    private static final long HOT_SKU_BASE = 900_000_000L;

    private static final Duration POLL = Duration.ofMillis(200);

    private final BenchSuite suite;
    private final BenchOptions options;
    private final ResourceSampler sampler;

    /** @param sampler gets a window per case, from the end of publishing to the last deduction */
    public HotSkuSection(BenchSuite suite, BenchOptions options, ResourceSampler sampler) {
        this.suite = suite;
        this.options = options;
        this.sampler = sampler;
    }

    public HotSkuResult run() {
        int orders = options.hotSkuOrders();
        DefaultMQProducer producer = new DefaultMQProducer("eventual-bench-hot-sku");
        producer.setNamesrvAddr(suite.nameServer());
        try {
            producer.start();
            HotSkuCase one = runCase(producer, "one SKU", 1, orders, FIRST_ORDER);
            HotSkuCase spread = runCase(producer, "1,000 SKUs", 1_000, orders, FIRST_ORDER + orders);
            return new HotSkuResult(List.of(one, spread),
                    spread.deductionsPerSecond() == 0 ? 0 : one.deductionsPerSecond() / spread.deductionsPerSecond());
        } catch (MQClientException e) {
            throw new IllegalStateException("hot SKU producer", e);
        } finally {
            producer.shutdown();
        }
    }

    private HotSkuCase runCase(DefaultMQProducer producer, String name, int skus, int orders, long firstOrder) {
        long firstSku = HOT_SKU_BASE + firstOrder % 1_000_000;
        stock(firstSku, skus, orders / skus + 1);
        long started = System.nanoTime();
        publish(producer, firstSku, skus, orders, firstOrder);
        // the database's timestamps are epoch milliseconds on this machine's clock, as is this
        long published = System.currentTimeMillis();
        sampler.begin("hotsku " + name);
        double publishSeconds = (System.nanoTime() - started) / 1e9;
        long deadline = System.nanoTime() + options.drain().toNanos();
        String where = " FROM inventory_deduct_log WHERE order_id BETWEEN " + firstOrder + " AND " + (firstOrder + orders - 1);
        while (System.nanoTime() < deadline && suite.count(ServiceDatabase.INVENTORY, "SELECT COUNT(*)" + where) < orders) {
            BenchSuite.sleep(POLL);
        }
        sampler.end();
        long recorded = suite.count(ServiceDatabase.INVENTORY, "SELECT COUNT(*)" + where);
        long succeeded = suite.count(ServiceDatabase.INVENTORY, "SELECT COUNT(*)" + where + " AND status = 'SUCCESS'");
        String after = where + " AND ROUND(UNIX_TIMESTAMP(created_at) * 1000) >= " + published;
        long measured = suite.count(ServiceDatabase.INVENTORY, "SELECT COUNT(*)" + after);
        long spanMillis = suite.count(ServiceDatabase.INVENTORY,
                "SELECT COALESCE(ROUND(UNIX_TIMESTAMP(MAX(created_at)) * 1000), 0)" + after) - published;
        double seconds = Math.max(0.001, spanMillis / 1000.0);
        HotSkuCase result = new HotSkuCase(name, skus, orders, orders / publishSeconds, (int) recorded, (int) succeeded,
                (int) measured, seconds, measured / seconds);
        log.info("hot SKU, {}: {} deductions after publishing ended, in {} s = {} /s (published at {} /s; {} in all)",
                name, measured, String.format("%.1f", seconds), Math.round(result.deductionsPerSecond()),
                Math.round(result.publishedPerSecond()), recorded);
        if (measured < orders / 2) {
            log.warn("hot SKU, {}: only {} of {} deductions were left after publishing; the rate rests on few", name,
                    measured, orders);
        }
        return result;
    }

    private void stock(long firstSku, int skus, int each) {
        try (Connection connection = suite.connect(ServiceDatabase.INVENTORY);
             PreparedStatement insert = connection.prepareStatement("INSERT INTO inventory (sku_id, stock) VALUES (?, ?)")) {
            for (long sku = firstSku; sku < firstSku + skus; sku++) {
                insert.setLong(1, sku);
                insert.setInt(2, each);
                insert.addBatch();
            }
            insert.executeBatch();
        } catch (SQLException e) {
            throw new IllegalStateException("hot SKU stock", e);
        }
    }

    private static void publish(DefaultMQProducer producer, long firstSku, int skus, int orders, long firstOrder) {
        ExecutorService pool = Executors.newFixedThreadPool(PRODUCERS);
        try {
            List<Future<?>> sends = new ArrayList<>();
            for (int t = 0; t < PRODUCERS; t++) {
                int thread = t;
                sends.add(pool.submit(() -> {
                    List<Message> batch = new ArrayList<>();
                    for (int i = thread; i < orders; i += PRODUCERS) {
                        long orderId = firstOrder + i;
                        OrderCreatedEvent event = new OrderCreatedEvent(OrderEvents.SCHEMA_VERSION, orderId, 77L,
                                firstSku + i % skus, 1, Instant.now());
                        batch.add(new Message(OrderMessaging.ORDER_TOPIC, OrderEventType.ORDER_CREATED.tag(),
                                Long.toString(orderId), OrderEvents.toBytes(event)));
                        if (batch.size() == BATCH || i + PRODUCERS >= orders) {
                            if (producer.send(batch).getSendStatus() != SendStatus.SEND_OK) {
                                throw new IllegalStateException("broker did not store a hot-SKU batch");
                            }
                            batch = new ArrayList<>();
                        }
                    }
                    return null;
                }));
            }
            for (Future<?> send : sends) {
                send.get();
            }
        } catch (Exception e) {
            throw new IllegalStateException("hot SKU publish failed", e);
        } finally {
            pool.shutdown();
        }
    }
}
