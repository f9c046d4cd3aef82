package dev.eventual.inventory.deduct;

import dev.eventual.common.event.OrderCanceledEvent;
import dev.eventual.common.event.OrderCreatedEvent;
import dev.eventual.inventory.stock.SkuQuantity;
import dev.eventual.inventory.stock.StockMapper;
import dev.eventual.common.messaging.OrderEventType;
import dev.eventual.consumer.receive.ReceivedEvent;
import dev.eventual.consumer.retention.LateEvents;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Isolation;
import org.springframework.transaction.annotation.Transactional;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * The exactly-once effect on stock (docs/design.md, "Exactly-once effect on stock"): each method
 * is ONE local transaction in which the deduct record of the order and the stock change commit
 * together. A redelivered or duplicated event finds the record and changes nothing. Lock order is
 * always deduct record, then SKU row, so concurrent orders on a hot SKU queue up on the SKU row and
 * never deadlock. READ COMMITTED keeps locking reads of absent rows free of gap locks.
 * <p>
 * A record is cleaned once untouched for the retention, so an event that finds none is applied only while its
 * order is younger than that; an older one is REFUSED (a REFUSED record, nothing else changed) and stays so on
 * every later delivery: a cleaned record never means a second deduction or release (docs/retention.md).
 */
@Service
public class StockLedger {

    private static final String CANCELED_BEFORE_SEEN = "canceled before the order was seen";
    private static final String CANCELED_AFTER_FAIL = "canceled after a failed deduction";

    private final DeductLogMapper log;
    private final StockMapper stock;
    private final List<DeductObserver> observers;
    private final LateOrders late;

    public StockLedger(DeductLogMapper log, StockMapper stock, List<DeductObserver> observers, LateEvents late) {
        this.log = log;
        this.stock = stock;
        this.observers = List.copyOf(observers);
        this.late = new LateOrders(late);
    }

    /**
     * @param retryFailed true for the reconcile retry API: a recorded FAIL is attempted again;
     *                    broker (re)deliveries pass false, so a business failure is never retried by them
     * @throws org.springframework.dao.DuplicateKeyException when a concurrent delivery claimed the order first
     */
    @Transactional(isolation = Isolation.READ_COMMITTED)
    public DeductOutcome deduct(OrderCreatedEvent event, boolean retryFailed) {
        DeductRecord existing = log.lock(event.orderId());
        if (existing == null) {
            Optional<String> refusal = late.refusal(event);
            if (refusal.isPresent()) {
                return refuse(event.orderId(), event.skuId(), event.quantity(), refusal.get());
            }
            log.insert(new DeductRecord(event.orderId(), event.skuId(), event.quantity(), DeductStatus.SUCCESS, null));
            return takeStock(event, false);
        }
        if (existing.status() == DeductStatus.FAIL && retryFailed) {
            return takeStock(event, true);
        }
        return new DeductOutcome(event.orderId(), existing.status(), true, existing.failReason());
    }

    /** Gives a deduction back once, or fences an order whose create has not (successfully) been seen. */
    @Transactional(isolation = Isolation.READ_COMMITTED)
    public DeductOutcome release(OrderCanceledEvent event) {
        DeductRecord existing = log.lock(event.orderId());
        if (existing == null) {
            Optional<String> refusal = late.refusal(event);
            if (refusal.isPresent()) {
                return refuse(event.orderId(), event.skuId(), event.quantity(), refusal.get());
            }
            log.insert(new DeductRecord(event.orderId(), event.skuId(), event.quantity(), DeductStatus.FENCED,
                    CANCELED_BEFORE_SEEN));
            return new DeductOutcome(event.orderId(), DeductStatus.FENCED, false, "fenced");
        }
        return switch (existing.status()) {
            case SUCCESS -> {
                stock.restore(existing.skuId(), existing.quantity());
                log.setStatus(event.orderId(), DeductStatus.RELEASED, null);
                observers.forEach(observer -> observer.releasing(existing.skuId(), event.orderId(), existing.quantity()));
                yield new DeductOutcome(event.orderId(), DeductStatus.RELEASED, false, "released " + existing.quantity());
            }
            case FAIL -> {
                log.setStatus(event.orderId(), DeductStatus.FENCED, CANCELED_AFTER_FAIL);
                yield new DeductOutcome(event.orderId(), DeductStatus.FENCED, false, "nothing to release");
            }
            case RELEASED, FENCED, REFUSED -> new DeductOutcome(event.orderId(), existing.status(), true,
                    existing.failReason());
        };
    }

    /** Records the refusal, so that every later delivery of the order's events meets it; nothing else changes. */
    private DeductOutcome refuse(long orderId, long skuId, int quantity, String detail) {
        log.insert(new DeductRecord(orderId, skuId, quantity, DeductStatus.REFUSED, detail));
        return new DeductOutcome(orderId, DeductStatus.REFUSED, false, detail);
    }

    /**
     * A batch of broker deliveries in ONE local transaction, with the same effect as handling each
     * event alone: every order gets its own deduct record and outcome, but a SKU's stock changes by
     * one statement for the whole batch. The batch's creates are applied before its cancels (a cancel
     * is published only after its create committed) and, per SKU, in arrival order: first come,
     * first served when the stock does not cover them all. Locks are taken as in {@link #deduct}:
     * deduct records first, then SKU rows, all of the batch's SKUs at once in id order.
     *
     * @param retryFailed as for {@link #deduct}: true for the reconcile retry API, where a create whose
     *                    record is FAIL takes its turn for the stock again, with the batch's fresh creates
     * @return each event's outcome, in the order of {@code events}
     * @throws org.springframework.dao.DuplicateKeyException when a concurrent delivery claimed one of the orders first
     */
    @Transactional(isolation = Isolation.READ_COMMITTED)
    public List<DeductOutcome> applyAll(List<ReceivedEvent> events, boolean retryFailed) {
        Map<Long, DeductRecord> records = new HashMap<>();
        log.lockAll(events.stream().map(ReceivedEvent::orderId).collect(Collectors.toCollection(TreeSet::new)))
                .forEach(record -> records.put(record.orderId(), record));
        DeductOutcome[] outcomes = new DeductOutcome[events.size()];
        List<DeductRecord> claims = claimNewOrders(events, records);
        if (!claims.isEmpty()) {
            log.insertAll(claims);
        }
        Map<Long, DeductRecord> claimed = new HashMap<>();
        claims.forEach(claim -> claimed.put(claim.orderId(), claim));
        Set<Long> skus = new TreeSet<>();
        events.forEach(event -> skus.add(event.type() == OrderEventType.ORDER_CREATED
                ? event.created().skuId() : event.canceled().skuId()));
        records.values().forEach(record -> skus.add(record.skuId()));
        Map<Long, Integer> stockOf = new HashMap<>();
        stock.lockAll(skus).forEach(row -> stockOf.put(row.skuId(), row.stock()));
        takeStock(events, claims, retryFailed ? failedCreates(events, records) : List.of(), stockOf, records, outcomes);
        releaseStock(events, records, claimed, outcomes);
        return Arrays.asList(outcomes);
    }

    /**
     * New deduct records: SUCCESS for a create seen first (FAIL is set when stock does not cover it), FENCED for a
     * cancel, REFUSED for either when its order is born beyond the retention (judged by the order's first event
     * in the batch, its create if the batch has one).
     */
    private List<DeductRecord> claimNewOrders(List<ReceivedEvent> events, Map<Long, DeductRecord> records) {
        Map<Long, DeductRecord> claims = new LinkedHashMap<>();
        for (ReceivedEvent event : events) {
            if (event.type() == OrderEventType.ORDER_CREATED && !records.containsKey(event.orderId())
                    && !claims.containsKey(event.orderId())) {
                OrderCreatedEvent created = event.created();
                String refusal = late.refusal(created).orElse(null);
                claims.put(created.orderId(), new DeductRecord(created.orderId(), created.skuId(), created.quantity(),
                        refusal == null ? DeductStatus.SUCCESS : DeductStatus.REFUSED, refusal));
            }
        }
        for (ReceivedEvent event : events) {
            if (event.type() == OrderEventType.ORDER_CANCELED && !records.containsKey(event.orderId())
                    && !claims.containsKey(event.orderId())) {
                OrderCanceledEvent canceled = event.canceled();
                String refusal = late.refusal(canceled).orElse(null);
                claims.put(canceled.orderId(), new DeductRecord(canceled.orderId(), canceled.skuId(), canceled.quantity(),
                        refusal == null ? DeductStatus.FENCED : DeductStatus.REFUSED,
                        refusal == null ? CANCELED_BEFORE_SEEN : refusal));
            }
        }
        return List.copyOf(claims.values());
    }

    /** Creates whose recorded deduction FAILed, to be tried again: what {@link #deduct} with retryFailed does. */
    private static List<DeductRecord> failedCreates(List<ReceivedEvent> events, Map<Long, DeductRecord> records) {
        Map<Long, DeductRecord> retries = new LinkedHashMap<>();
        for (ReceivedEvent event : events) {
            DeductRecord record = records.get(event.orderId());
            if (event.type() == OrderEventType.ORDER_CREATED && record != null && record.status() == DeductStatus.FAIL) {
                OrderCreatedEvent created = event.created();
                retries.putIfAbsent(created.orderId(), new DeductRecord(created.orderId(), created.skuId(),
                        created.quantity(), DeductStatus.SUCCESS, null));
            }
        }
        return List.copyOf(retries.values());
    }

    /**
     * Takes the batch's stock for fresh claims and retried FAILs alike, in arrival order per SKU.
     * A retried record that gets its stock becomes SUCCESS; one that still does not stays FAIL.
     */
    private void takeStock(List<ReceivedEvent> events, List<DeductRecord> claims, List<DeductRecord> retries,
                           Map<Long, Integer> stockOf, Map<Long, DeductRecord> records, DeductOutcome[] outcomes) {
        Map<Long, DeductRecord> claimed = new HashMap<>();
        claims.forEach(claim -> claimed.put(claim.orderId(), claim));
        retries.forEach(retry -> claimed.put(retry.orderId(), retry));
        List<Long> revived = new ArrayList<>();
        Map<Long, Integer> left = new HashMap<>(stockOf);
        Map<Long, Integer> taken = new TreeMap<>();
        Map<String, List<Long>> failed = new LinkedHashMap<>();
        for (ReceivedEvent event : events) {
            DeductRecord claim = event.type() == OrderEventType.ORDER_CREATED ? claimed.remove(event.orderId()) : null;
            if (claim == null) {
                continue;
            }
            if (claim.status() == DeductStatus.REFUSED) {
                records.put(claim.orderId(), claim);
                continue;
            }
            Integer available = left.get(claim.skuId());
            if (available != null && available >= claim.quantity()) {
                left.put(claim.skuId(), available - claim.quantity());
                taken.merge(claim.skuId(), claim.quantity(), Integer::sum);
                if (records.containsKey(claim.orderId())) {
                    revived.add(claim.orderId());
                }
                records.put(claim.orderId(), claim);
                continue;
            }
            String reason = available == null ? "unknown sku " + claim.skuId() : "insufficient stock for sku " + claim.skuId();
            failed.computeIfAbsent(reason, r -> new ArrayList<>()).add(claim.orderId());
            records.put(claim.orderId(), new DeductRecord(claim.orderId(), claim.skuId(), claim.quantity(),
                    DeductStatus.FAIL, reason));
        }
        if (!taken.isEmpty()) {
            stock.deductAll(quantities(taken));
        }
        if (!revived.isEmpty()) {
            log.setStatuses(revived, DeductStatus.SUCCESS, null);
        }
        failed.forEach((reason, orderIds) -> log.setStatuses(orderIds, DeductStatus.FAIL, reason));
        // every create's outcome, repeats included, is what its record says once the batch's stock is taken;
        // the first event of a fresh claim (a refusal too) or a retry is no repeat
        Set<Long> firstSeen = new HashSet<>();
        claims.stream().filter(claim -> claim.status() != DeductStatus.FENCED).forEach(claim -> firstSeen.add(claim.orderId()));
        retries.forEach(retry -> firstSeen.add(retry.orderId()));
        for (int i = 0; i < events.size(); i++) {
            ReceivedEvent event = events.get(i);
            if (event.type() != OrderEventType.ORDER_CREATED) {
                continue;
            }
            DeductRecord record = records.get(event.orderId());
            String detail = record.status() == DeductStatus.SUCCESS ? "deducted " + record.quantity() : record.failReason();
            outcomes[i] = new DeductOutcome(event.orderId(), record.status(), !firstSeen.remove(event.orderId()), detail);
        }
    }

    /** @param claimed the records this batch claimed, for the cancels of orders it has no create of */
    private void releaseStock(List<ReceivedEvent> events, Map<Long, DeductRecord> records,
                              Map<Long, DeductRecord> claimed, DeductOutcome[] outcomes) {
        Map<Long, Integer> restored = new TreeMap<>();
        List<Long> released = new ArrayList<>();
        List<Long> fencedAfterFail = new ArrayList<>();
        for (int i = 0; i < events.size(); i++) {
            ReceivedEvent event = events.get(i);
            if (event.type() != OrderEventType.ORDER_CANCELED) {
                continue;
            }
            long orderId = event.orderId();
            DeductRecord record = records.get(orderId);
            if (record == null) {
                // claimed by this batch, FENCED or REFUSED: the first cancel of it did that
                DeductRecord claim = claimed.get(orderId);
                records.put(orderId, claim);
                outcomes[i] = new DeductOutcome(orderId, claim.status(), false,
                        claim.status() == DeductStatus.FENCED ? "fenced" : claim.failReason());
                continue;
            }
            outcomes[i] = switch (record.status()) {
                case SUCCESS -> {
                    restored.merge(record.skuId(), record.quantity(), Integer::sum);
                    released.add(orderId);
                    observers.forEach(observer -> observer.releasing(record.skuId(), orderId, record.quantity()));
                    records.put(orderId, new DeductRecord(orderId, record.skuId(), record.quantity(),
                            DeductStatus.RELEASED, null));
                    yield new DeductOutcome(orderId, DeductStatus.RELEASED, false, "released " + record.quantity());
                }
                case FAIL -> {
                    fencedAfterFail.add(orderId);
                    records.put(orderId, new DeductRecord(orderId, record.skuId(), record.quantity(),
                            DeductStatus.FENCED, CANCELED_AFTER_FAIL));
                    yield new DeductOutcome(orderId, DeductStatus.FENCED, false, "nothing to release");
                }
                case RELEASED, FENCED, REFUSED -> new DeductOutcome(orderId, record.status(), true, record.failReason());
            };
        }
        if (!restored.isEmpty()) {
            stock.restoreAll(quantities(restored));
        }
        if (!released.isEmpty()) {
            log.setStatuses(released, DeductStatus.RELEASED, null);
        }
        if (!fencedAfterFail.isEmpty()) {
            log.setStatuses(fencedAfterFail, DeductStatus.FENCED, CANCELED_AFTER_FAIL);
        }
    }

    private static List<SkuQuantity> quantities(Map<Long, Integer> bySku) {
        return bySku.entrySet().stream().map(units -> new SkuQuantity(units.getKey(), units.getValue())).toList();
    }

    private DeductOutcome takeStock(OrderCreatedEvent event, boolean wasFailed) {
        if (stock.deduct(event.skuId(), event.quantity()) == 1) {
            if (wasFailed) {
                log.setStatus(event.orderId(), DeductStatus.SUCCESS, null);
            }
            return new DeductOutcome(event.orderId(), DeductStatus.SUCCESS, false, "deducted " + event.quantity());
        }
        String reason = stock.stockOf(event.skuId()) == null ? "unknown sku " + event.skuId()
                : "insufficient stock for sku " + event.skuId();
        log.setStatus(event.orderId(), DeductStatus.FAIL, reason);
        return new DeductOutcome(event.orderId(), DeductStatus.FAIL, false, reason);
    }
}
