package dev.eventual.order.core.outbox;

import dev.eventual.common.event.OrderCanceledEvent;
import dev.eventual.common.event.OrderCreatedEvent;
import dev.eventual.common.event.OrderEvents;
import dev.eventual.order.core.reconcile.ReconcilePages;
import dev.eventual.order.core.reconcile.ReconcilePages.WorkOrderOpening;
import dev.eventual.order.core.reconcile.WorkOrders;
import dev.eventual.order.core.shard.OrderShards;
import dev.eventual.tracing.OrderTraces;
import org.apache.rocketmq.client.producer.SendCallback;
import org.apache.rocketmq.client.producer.SendResult;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.spring.core.RocketMQTemplate;
import org.apache.rocketmq.spring.support.RocketMQHeaders;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.SmartLifecycle;
import org.springframework.messaging.Message;
import org.springframework.messaging.support.MessageBuilder;
import org.springframework.scheduling.concurrent.ThreadPoolTaskScheduler;
import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Sends the events the outbox wrote WAITING to the broker (docs/design.md, "The outbox"), on a thread of its
 * own in order-service's process, every {@link RelayProperties#interval()}: on each order_db server, a batch of
 * due rows, oldest first, claimed with {@code FOR UPDATE SKIP LOCKED} in one transaction (so a row is relayed by
 * one worker at a time across replicas), each sent as a normal message to the same topic with the same key, tag,
 * payload and trace context (not the check-back's headers: no half message), and marked SENT in that transaction
 * after the broker's SEND_OK. The batch's sends are asynchronous, in flight together and awaited together (the
 * rows are of different orders, so no order's events can pass each other). A crash between the send and the commit
 * leaves the row WAITING, and it is sent again: the consumers dedupe. Each failed send puts its row off by its
 * back-off, and a batch with a failure ends the run on that server (the broker is likely down); after
 * {@link RelayProperties#maxAttempts()} sends a row is handed to a work order. Each send asks
 * {@link BrokerBreaker} first, so an outage costs the relay no send timeouts either.
 */
@Component
@EnableConfigurationProperties({RelayProperties.class, OutboxProperties.class})
class OrderRelay implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(OrderRelay.class);
    /** Who the work orders' audit names when the relay gives up. */
    static final String OPERATOR = "order-relay";
    /** Beyond the client's send timeout, how long a batch waits for an answer the client owes (its timeout scan runs every second). */
    private static final Duration ANSWER_GRACE = Duration.ofSeconds(2);

    private final RocketMQTemplate template;
    private final RelayMapper rows;
    private final OrderShards shards;
    private final BrokerBreaker breaker;
    private final ReconcilePages reconcile;
    private final OrderTraces traces;
    private final RelayMetrics metrics;
    private final RelayProperties properties;
    private final OutboxProperties outbox;
    private final Clock clock;
    private final TransactionTemplate transaction;
    private volatile ThreadPoolTaskScheduler scheduler;
    private long backlogCountedAt = Long.MIN_VALUE;

    OrderRelay(RocketMQTemplate template, RelayMapper rows, OrderShards shards, BrokerBreaker breaker,
               ReconcilePages reconcile, OrderTraces traces, RelayMetrics metrics, RelayProperties properties,
               OutboxProperties outbox, Clock clock, PlatformTransactionManager transactions) {
        this.template = template;
        this.rows = rows;
        this.shards = shards;
        this.breaker = breaker;
        this.reconcile = reconcile;
        this.traces = traces;
        this.metrics = metrics;
        this.properties = properties;
        this.outbox = outbox;
        this.clock = clock;
        this.transaction = new TransactionTemplate(transactions);
    }

    /**
     * One run over every server: batches until a server has no full batch left or a send failed there; then the
     * backlog gauges, when their figures are older than {@link RelayProperties#backlogRefresh()}.
     */
    void relayDue() {
        for (int server = 0; server < shards.servers(); server++) {
            try {
                if (!shards.on(server, () -> rows.anyDue(LocalDateTime.now(clock)))) {
                    continue;
                }
                Batch batch;
                do {
                    batch = relayBatch(server);
                } while (batch.claimed() == properties.batchSize() && batch.allSent());
            } catch (RuntimeException e) {
                log.warn("Relay on order_db server {} stopped this run: {}", server, e.toString());
            }
        }
        long now = System.nanoTime();
        if (backlogCountedAt == Long.MIN_VALUE || now - backlogCountedAt >= properties.backlogRefresh().toNanos()) {
            backlogCountedAt = now;
            countBacklog();
        }
    }

    private void countBacklog() {
        for (int server = 0; server < shards.servers(); server++) {
            try {
                metrics.backlog(server, shards.on(server, rows::backlog));
            } catch (RuntimeException e) {
                log.warn("Relay backlog of order_db server {} not counted: {}", server, e.toString());
            }
        }
    }

    private Batch relayBatch(int server) {
        Batch batch = shards.on(server, () -> transaction.execute(status -> {
            LocalDateTime now = LocalDateTime.now(clock);
            List<WaitingRow> due = rows.claimDue(now, properties.batchSize());
            // every send the breaker permits in flight at once, their answers awaited together: the batch costs
            // about one round trip to the broker, not one per row (claimDue gives an order one row at most)
            List<Send> sends = new ArrayList<>(due.size());
            for (WaitingRow row : due) {
                if (!breaker.permits()) {
                    break;
                }
                sends.add(send(row));
            }
            long deadline = System.nanoTime() + template.getProducer().getSendMsgTimeout() * 1_000_000L + ANSWER_GRACE.toNanos();
            List<Long> sent = new ArrayList<>();
            List<String> orders = new ArrayList<>();
            boolean failed = false;
            for (Send send : sends) {
                Throwable failure = send.failure(deadline);
                if (failure == null) {
                    sent.add(send.row().id());
                    orders.add(send.row().orderAndTrace());
                    continue;
                }
                metrics.failed();
                failed(server, send.row(), failure, now);
                failed = true;
            }
            if (!sent.isEmpty()) {
                LocalDateTime relayedAt = LocalDateTime.now(clock);
                rows.markSent(sent, relayedAt, relayedAt.plus(outbox.reconcileDelay()));
            }
            return new Batch(due.size(), sent.size(), orders, !failed && sent.size() == due.size());
        }));
        if (batch.sent() > 0) {
            metrics.relayed(batch.sent());
            // many orders in one line: each named with its own trace id (docs/tracing.md)
            log.info("Orders {}: {} events relayed to the broker from order_db server {}", batch.orders(), batch.sent(), server);
        }
        return batch;
    }

    /**
     * Hands the row's message to the client, which sends it asynchronously; the broker's answer completes the
     * returned send and feeds the breaker. The span covers the hand-over (the answer comes on the client's thread).
     */
    private Send send(WaitingRow row) {
        Send send = new Send(row);
        try (OrderTraces.OrderScope scope = traces.resume("order-event relay", row.orderId(), row.traceParent())) {
            Message<byte[]> message = MessageBuilder.withPayload(row.payload().getBytes(StandardCharsets.UTF_8))
                    .setHeader(RocketMQHeaders.KEYS, row.msgKey())
                    .setHeader(OrderTraces.TRACEPARENT, traces.current()) // null (no trace): no header
                    .build();
            template.asyncSend(row.topic() + ":" + row.tag(), message, send);
        } catch (RuntimeException refused) {
            send.onException(refused);
        }
        return send;
    }

    private void failed(int server, WaitingRow row, Throwable failure, LocalDateTime now) {
        int attempts = row.relayAttempts() + 1;
        String error = "relay send " + attempts + " of " + properties.maxAttempts() + " failed: " + failure;
        if (attempts < properties.maxAttempts()) {
            LocalDateTime next = now.plus(properties.backOffAfter(attempts));
            rows.markFailed(row.id(), next, upToColumn(error));
            log.warn("Order {}: {} not relayed, next try at {}: {}", row.orderId(), row.eventType(), next, failure.toString());
            return;
        }
        rows.letGo(row.id());
        metrics.handedOver();
        String reason = "never on the broker: " + error;
        WorkOrderOpening opening = new WorkOrderOpening(row.orderId(), row.eventType().name(), row.id(), skuOf(row),
                reason, null, null, null, attempts);
        reconcile.handOverUnrelayed(server, opening, OPERATOR).ifPresentOrElse(
                id -> log.error("Order {}: {} not relayed after {} sends; work order {} opened", row.orderId(),
                        row.eventType(), attempts, id),
                () -> log.error("Order {}: {} not relayed after {} sends; reconciliation already has it", row.orderId(),
                        row.eventType(), attempts));
    }

    private static Long skuOf(WaitingRow row) {
        try {
            return switch (row.eventType()) {
                case ORDER_CREATED -> OrderEvents.fromJson(row.payload(), OrderCreatedEvent.class).skuId();
                case ORDER_CANCELED -> OrderEvents.fromJson(row.payload(), OrderCanceledEvent.class).skuId();
            };
        } catch (RuntimeException unreadable) {
            return null;
        }
    }

    private static String upToColumn(String text) {
        return text.length() <= WorkOrders.MAX_REASON ? text : text.substring(0, WorkOrders.MAX_REASON);
    }

    @Override
    public void start() {
        if (!properties.enabled()) {
            log.info("Relay off (eventual.order.relay.enabled=false): WAITING events are left to another instance");
            return;
        }
        ThreadPoolTaskScheduler relay = new ThreadPoolTaskScheduler();
        relay.setThreadNamePrefix("order-relay-");
        relay.setPoolSize(1);
        relay.initialize();
        relay.scheduleWithFixedDelay(this::run, properties.interval());
        scheduler = relay;
    }

    private void run() {
        try {
            relayDue();
        } catch (RuntimeException e) {
            log.warn("Relay run failed: {}", e.toString());
        }
    }

    @Override
    public void stop() {
        ThreadPoolTaskScheduler relay = scheduler;
        scheduler = null;
        if (relay != null) {
            relay.shutdown();
        }
    }

    @Override
    public boolean isRunning() {
        return scheduler != null;
    }

    /** One row's send in flight: completed with null when the broker stored it (SEND_OK), else with why not. */
    private final class Send implements SendCallback {

        private final WaitingRow row;
        private final long started = System.nanoTime();
        private final CompletableFuture<Throwable> answer = new CompletableFuture<>();

        Send(WaitingRow row) {
            this.row = row;
        }

        WaitingRow row() {
            return row;
        }

        @Override
        public void onSuccess(SendResult result) {
            if (result.getSendStatus() == SendStatus.SEND_OK) {
                breaker.stored(started);
                answer.complete(null);
            } else {
                onException(new IllegalStateException("send status " + result.getSendStatus()));
            }
        }

        @Override
        public void onException(Throwable failure) {
            if (NotStored.byTheBroker(failure)) {
                breaker.notStored(started, failure);
            } else {
                breaker.released();
            }
            answer.complete(failure);
        }

        /** Waits for the broker's answer until {@code deadline}; none by then counts as a failed send. */
        Throwable failure(long deadline) {
            try {
                return answer.get(Math.max(deadline - System.nanoTime(), 0), TimeUnit.NANOSECONDS);
            } catch (TimeoutException e) {
                return new IllegalStateException("no answer from the client within its send timeout", e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return e;
            } catch (ExecutionException e) {
                return e.getCause();
            }
        }
    }

    /** What one transaction did: rows claimed, sent (their orders), and whether every claimed row went. */
    private record Batch(int claimed, int sent, List<String> orders, boolean allSent) {
    }
}
