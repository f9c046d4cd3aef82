package dev.eventual.bench.limits;

import dev.eventual.bench.BenchOptions;
import dev.eventual.bench.BenchSuite;
import dev.eventual.bench.resources.ResourceSampler;
import dev.eventual.bench.resources.SectionUsage;
import dev.eventual.infra.db.ServiceDatabase;
import org.apache.rocketmq.client.producer.LocalTransactionState;
import org.apache.rocketmq.client.producer.TransactionListener;
import org.apache.rocketmq.client.producer.TransactionMQProducer;
import org.apache.rocketmq.common.attribute.TopicMessageType;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageExt;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Section 6: the ceilings of this box, so every figure has one beside it. (a) The order's local
 * transaction alone: the same three inserts order-service commits (attempt barrier, order, event) in
 * one transaction, from plain JDBC threads against the same MariaDB, into copies of the tables that
 * nothing else reads. (b) The broker alone: raw transactional sends (half message, a local
 * transaction that does nothing and commits, end) of an order-event-sized body to a TRANSACTION
 * topic nobody consumes, on the same in-process broker. Both at the acceptance concurrencies.
 */
public final class LimitsSection {

    private static final Logger log = LoggerFactory.getLogger(LimitsSection.class);
    private static final String TOPIC = "EVENTUAL_BENCH_LIMIT_TX";
    private static final String[] TABLES = {"tx_attempt_barrier", "t_order", "message_log"};
    private static final String PAYLOAD = "{\"schemaVersion\":1,\"orderId\":\"%d\",\"userId\":\"%d\",\"skuId\":\"%d\","
            + "\"quantity\":1,\"createdAt\":\"2026-11-23T04:00:00.000Z\"}";

    private final BenchSuite suite;
    private final BenchOptions options;
    private final ResourceSampler sampler;
    private final AtomicLong ids = new AtomicLong(System.currentTimeMillis() * 1_000);

    public LimitsSection(BenchSuite suite, BenchOptions options, ResourceSampler sampler) {
        this.suite = suite;
        this.options = options;
        this.sampler = sampler;
    }

    public LimitsResult run() {
        List<LimitStep> steps = new ArrayList<>();
        createTables();
        try {
            for (int concurrency : options.concurrencies()) {
                steps.add(measure(LimitsResult.JDBC, concurrency, this::jdbcWorker));
            }
        } finally {
            dropTables();
        }
        suite.createTopic(TOPIC, TopicMessageType.TRANSACTION);
        TransactionMQProducer producer = producer();
        try {
            for (int concurrency : options.concurrencies()) {
                steps.add(measure(LimitsResult.ROCKETMQ, concurrency, deadline -> sendWorker(producer, deadline)));
            }
        } finally {
            producer.shutdown();
        }
        return new LimitsResult(steps);
    }

    private interface Worker {
        long runUntil(long deadlineNanos) throws Exception;
    }

    private LimitStep measure(String limit, int concurrency, Worker worker) {
        run(concurrency, worker, options.warmUp());
        sampler.begin("limit " + (limit.equals(LimitsResult.JDBC) ? "jdbc" : "rocketmq") + " c=" + concurrency);
        long started = System.nanoTime();
        long done = run(concurrency, worker, options.measure());
        double seconds = (System.nanoTime() - started) / 1e9;
        SectionUsage usage = sampler.end();
        double cpuMs = usage.processes().stream().mapToDouble(p -> p.cpuCores() * usage.seconds() * 1000).sum();
        LimitStep step = new LimitStep(limit, concurrency, done / seconds, done == 0 ? 0 : cpuMs / done);
        log.info("limit {} c={}: {} /s, {} CPU ms each", limit, concurrency, Math.round(step.perSecond()),
                String.format("%.2f", step.cpuMsEach()));
        return step;
    }

    private static long run(int concurrency, Worker worker, Duration duration) {
        long deadline = System.nanoTime() + duration.toNanos();
        ExecutorService pool = Executors.newFixedThreadPool(concurrency);
        try {
            List<Future<Long>> counts = new ArrayList<>();
            for (int i = 0; i < concurrency; i++) {
                counts.add(pool.submit(() -> worker.runUntil(deadline)));
            }
            long total = 0;
            for (Future<Long> count : counts) {
                total += count.get();
            }
            return total;
        } catch (Exception e) {
            throw new IllegalStateException("limit run failed", e);
        } finally {
            pool.shutdownNow();
        }
    }

    private long jdbcWorker(long deadline) throws SQLException {
        long done = 0;
        try (Connection connection = suite.connect(ServiceDatabase.ORDER);
             PreparedStatement barrier = connection.prepareStatement("INSERT INTO bench_limit_tx_attempt_barrier"
                     + " (transaction_id, order_id, event_type, outcome) VALUES (?, ?, 'ORDER_CREATED', 'COMMITTED')");
             PreparedStatement order = connection.prepareStatement("INSERT INTO bench_limit_t_order"
                     + " (order_id, user_id, idempotency_key, sku_id, quantity, status) VALUES (?, ?, ?, ?, 1, 'CREATED')");
             PreparedStatement event = connection.prepareStatement("INSERT INTO bench_limit_message_log (order_id,"
                     + " event_type, shard_key, topic, tag, msg_key, transaction_id, payload, msg_status, reconcile_status,"
                     + " next_reconcile_time) VALUES (?, 'ORDER_CREATED', ?, 'EVENTUAL_ORDER_EVENT', 'ORDER_CREATED', ?, ?, ?,"
                     + " 'SENT', 'PENDING', CURRENT_TIMESTAMP(3) + INTERVAL 60 SECOND)")) {
            connection.setAutoCommit(false);
            while (System.nanoTime() < deadline) {
                long orderId = ids.incrementAndGet();
                String transactionId = UUID.randomUUID().toString();
                barrier.setString(1, transactionId);
                barrier.setLong(2, orderId);
                barrier.executeUpdate();
                order.setLong(1, orderId);
                order.setLong(2, orderId % 100_000);
                order.setString(3, transactionId);
                order.setLong(4, orderId % 1_000);
                order.executeUpdate();
                event.setLong(1, orderId);
                event.setInt(2, (int) (orderId & 0xFFFF));
                event.setString(3, Long.toString(orderId));
                event.setString(4, transactionId);
                event.setString(5, PAYLOAD.formatted(orderId, orderId % 100_000, orderId % 1_000));
                event.executeUpdate();
                connection.commit();
                done++;
            }
        }
        return done;
    }

    private long sendWorker(TransactionMQProducer producer, long deadline) throws Exception {
        long done = 0;
        while (System.nanoTime() < deadline) {
            long orderId = ids.incrementAndGet();
            Message message = new Message(TOPIC, "ORDER_CREATED", Long.toString(orderId),
                    PAYLOAD.formatted(orderId, orderId % 100_000, orderId % 1_000).getBytes(StandardCharsets.UTF_8));
            producer.sendMessageInTransaction(message, null);
            done++;
        }
        return done;
    }

    private TransactionMQProducer producer() {
        TransactionMQProducer producer = new TransactionMQProducer("eventual-bench-limit-producer");
        producer.setNamesrvAddr(suite.nameServer());
        producer.setTransactionListener(new TransactionListener() {
            @Override
            public LocalTransactionState executeLocalTransaction(Message message, Object argument) {
                return LocalTransactionState.COMMIT_MESSAGE;
            }

            @Override
            public LocalTransactionState checkLocalTransaction(MessageExt message) {
                return LocalTransactionState.COMMIT_MESSAGE;
            }
        });
        try {
            producer.start();
        } catch (Exception e) {
            throw new IllegalStateException("limit producer did not start", e);
        }
        return producer;
    }

    private void createTables() {
        try (Connection connection = suite.connect(ServiceDatabase.ORDER); Statement statement = connection.createStatement()) {
            for (String table : TABLES) {
                statement.execute("DROP TABLE IF EXISTS bench_limit_" + table);
                statement.execute("CREATE TABLE bench_limit_" + table + " LIKE " + table);
            }
        } catch (SQLException e) {
            throw new IllegalStateException("could not create the limit tables", e);
        }
    }

    private void dropTables() {
        try (Connection connection = suite.connect(ServiceDatabase.ORDER); Statement statement = connection.createStatement()) {
            for (String table : TABLES) {
                statement.execute("DROP TABLE IF EXISTS bench_limit_" + table);
            }
        } catch (SQLException e) {
            log.warn("could not drop the limit tables: {}", e.toString());
        }
    }
}
