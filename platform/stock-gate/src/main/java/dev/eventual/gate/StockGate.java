package dev.eventual.gate;

import org.springframework.core.io.ClassPathResource;
import org.springframework.data.redis.connection.RedisClusterConnection;
import org.springframework.data.redis.connection.RedisClusterNode;
import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.core.Cursor;
import org.springframework.data.redis.core.ScanOptions;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.data.redis.core.script.RedisScript;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;

/**
 * The stock gate (docs/stock-gate.md): per SKU, a count of units still for sale and the reservations
 * of orders not yet applied downstream, so that {@code count + reserved = database stock}. Every
 * decision is one Lua script, atomic on the SKU's keys (one cluster slot: the SKU is their hash tag)
 * and idempotent per order; Spring Data Redis sends each script by its SHA1 (EVALSHA) and loads it
 * only when the server does not know it yet.
 * <ul>
 *   <li>{@link #reserve}: before the half message; a repeat answers the first decision;</li>
 *   <li>{@link #soldOutToNewBuyer}: the same sold-out answer, asked without reserving;</li>
 *   <li>{@link #giveBack}: an order that will never be committed returns its units, once;</li>
 *   <li>{@link #applied}: inventory deducted the order from the database stock;</li>
 *   <li>{@link #returned}: inventory released a deducted order's units (a cancel), once;</li>
 *   <li>{@link #seed}: the count derived again from the database stock;</li>
 *   <li>{@link #restore}: the rebuild after Redis lost its data gives the orders in flight their
 *       reservations back before the SKU is seeded.</li>
 * </ul>
 * A refused reservation leaves nothing behind, so a repeat of a refused order decides again.
 */
public class StockGate {

    /** How long a return is remembered, so that a release told again returns nothing more. */
    static final Duration RETURN_MEMORY = Duration.ofDays(7);

    // a Lua table comes back as a list of mixed values: raw List is the type Spring Data Redis knows
    @SuppressWarnings("rawtypes")
    private static final RedisScript<List> RESERVE = script("reserve", List.class);
    private static final RedisScript<Long> SOLD_OUT = script("sold-out", Long.class);
    private static final RedisScript<Long> GIVE_BACK = script("give-back", Long.class);
    private static final RedisScript<Long> APPLIED = script("applied", Long.class);
    private static final RedisScript<Long> RETURNED = script("returned", Long.class);
    @SuppressWarnings("rawtypes")
    private static final RedisScript<List> SEED = script("seed", List.class);
    private static final RedisScript<Long> RESTORE = script("restore", Long.class);
    @SuppressWarnings("rawtypes")
    private static final RedisScript<List> STATE = script("state", List.class);

    private final StringRedisTemplate redis;
    private final Clock clock;
    private final String admissionsLimit;
    private final String admissionsMemory;

    public StockGate(StringRedisTemplate redis, Clock clock, GateProperties.Admissions admissions) {
        this.redis = redis;
        this.clock = clock;
        this.admissionsLimit = Integer.toString(admissions.limit());
        this.admissionsMemory = Long.toString(admissions.memory().toMillis());
    }

    /**
     * Reserves {@code quantity} units of {@code sku} for the order, or says why not. The buyer (who asks, and
     * under which Idempotency-Key) is remembered with a reservation, so that a sold-out answer can tell
     * whether an order of this buyer may exist ({@link GateDecision#buyerMayHaveOrder()}).
     *
     * @param buyer the customer and the request's Idempotency-Key, {@code "userId:key"}
     */
    public GateDecision reserve(long sku, long orderId, int quantity, String buyer) {
        List<?> answer = redis.execute(RESERVE, List.of(available(sku), reservations(sku), admissions(sku)),
                Long.toString(orderId), Integer.toString(quantity), Long.toString(clock.millis()), buyer, admissionsLimit,
                admissionsMemory);
        long code = (Long) answer.get(0);
        long units = (Long) answer.get(1);
        return new GateDecision(code == 1 ? GateOutcome.RESERVED : code == 0 ? GateOutcome.SOLD_OUT
                : GateOutcome.NOT_SEEDED, units, (Long) answer.get(2) == 1);
    }

    /**
     * Whether {@link #reserve} would answer sold out to this buyer, knowing that it has no order of the SKU
     * ({@link GateDecision#buyerMayHaveOrder()} false), without reserving: a door ahead of the order's
     * placement may refuse it there.
     *
     * @return the units left when so; empty otherwise (then the reservation decides)
     */
    public OptionalLong soldOutToNewBuyer(long sku, int quantity, String buyer) {
        long left = redis.execute(SOLD_OUT, List.of(available(sku), admissions(sku)), Integer.toString(quantity), buyer);
        return left < 0 ? OptionalLong.empty() : OptionalLong.of(left);
    }

    /** @return the units given back; 0 when the order holds none (given back before, or applied) */
    public long giveBack(long sku, long orderId) {
        return redis.execute(GIVE_BACK, List.of(available(sku), reservations(sku)), Long.toString(orderId));
    }

    /** @return true when this ended the order's reservation */
    public boolean applied(long sku, long orderId) {
        return redis.execute(APPLIED, List.of(reservations(sku)), Long.toString(orderId)) == 1;
    }

    /** @return the units put back on sale; 0 when this order's return was told before */
    public long returned(long sku, long orderId, int quantity) {
        return redis.execute(RETURNED, List.of(available(sku), returnMarker(sku, orderId)),
                Integer.toString(quantity), Long.toString(RETURN_MEMORY.toSeconds()));
    }

    /**
     * Sets the count to {@code stock} minus the reservations in flight, after ending those of the
     * {@code settled} orders (inventory holds their outcome in the stock already). Exact only while the
     * caller holds the SKU's stock row lock (docs/stock-gate.md, "Seeding exactly").
     *
     * @param missing what to do when the SKU has no count
     */
    public GateSeed seed(long sku, long stock, Collection<Long> settled, MissingCount missing) {
        List<String> args = new ArrayList<>(settled.size() + 2);
        args.add(switch (missing) {
            case LEAVE -> "0";
            case CREATE -> "1";
            case CREATE_FOR_NEW_SKU -> "2";
        });
        args.add(Long.toString(stock));
        settled.forEach(orderId -> args.add(Long.toString(orderId)));
        List<?> answer = redis.execute(SEED, List.of(available(sku), reservations(sku), admissions(sku)), args.toArray());
        long state = (Long) answer.get(0);
        if (state == -1) {
            return new GateSeed(sku, null, null, 0);
        }
        return new GateSeed(sku, state == 1 ? (Long) answer.get(1) : null, (Long) answer.get(2),
                ((Long) answer.get(3)).intValue());
    }

    /**
     * The rebuild after Redis lost its data: gives an order in flight its reservation again, while its
     * SKU is not seeded (a seeded SKU's reservations are the truth already).
     *
     * @return true when the reservation was restored
     */
    public boolean restore(long sku, long orderId, int quantity, Instant reservedAt) {
        return redis.execute(RESTORE, List.of(available(sku), reservations(sku)), Long.toString(orderId),
                Integer.toString(quantity), Long.toString(reservedAt.toEpochMilli())) == 1;
    }

    /** The orders of the SKU whose reservations were taken before {@code cutoff} and are still held. */
    public List<Long> reservedBefore(long sku, Instant cutoff) {
        List<Long> orders = new ArrayList<>();
        redis.<String, String>opsForHash().entries(reservations(sku)).forEach((orderId, value) -> {
            if (Long.parseLong(value.substring(value.indexOf(':') + 1)) < cutoff.toEpochMilli()) {
                orders.add(Long.parseLong(orderId));
            }
        });
        return orders;
    }

    /**
     * The SKUs Redis holds a count or reservations for (a SCAN: it does not block the server). SCAN
     * walks one server's keys, so on a Redis Cluster every master is scanned: each key lives on exactly
     * one of them. Done here rather than left to the client library, whose cluster-wide SCAN differs
     * (Lettuce walks the masters itself; not every client does).
     */
    public Set<Long> knownSkus() {
        Set<Long> skus = new TreeSet<>();
        for (String pattern : List.of(available("*"), reservations("*"))) {
            scan(ScanOptions.scanOptions().match(pattern).count(1_000).build(), key -> skus.add(
                    Long.parseLong(key.substring(key.indexOf('{') + 1, key.indexOf('}')))));
        }
        return skus;
    }

    private void scan(ScanOptions options, Consumer<String> action) {
        try (RedisConnection connection = redis.getRequiredConnectionFactory().getConnection()) {
            if (connection instanceof RedisClusterConnection cluster) {
                for (RedisClusterNode node : cluster.clusterGetNodes()) {
                    // a replica holds its master's keys again; a master without slots holds none
                    if (node.isMaster() && !node.getSlotRange().getSlots().isEmpty()) {
                        try (Cursor<byte[]> keys = cluster.scan(node, options)) {
                            keys.forEachRemaining(key -> action.accept(new String(key, StandardCharsets.UTF_8)));
                        }
                    }
                }
            } else {
                try (Cursor<byte[]> keys = connection.keyCommands().scan(options)) {
                    keys.forEachRemaining(key -> action.accept(new String(key, StandardCharsets.UTF_8)));
                }
            }
        }
    }

    /** Whether the SKU has a count (missing: never seeded, or Redis lost its data). */
    public boolean seeded(long sku) {
        return Boolean.TRUE.equals(redis.hasKey(available(sku)));
    }

    /**
     * Whether the rebuild seeded every gated SKU of this SKU's slot since the server holding it last lost
     * its data: then a SKU there without a count is not in the catalog. The mark lives on the SKU's own
     * slot ({@link CatalogMarks}), so a master that came back empty answers false for its SKUs while the
     * other masters still answer for theirs.
     */
    public boolean catalogSeeded(long sku) {
        return Boolean.TRUE.equals(redis.hasKey(CatalogMarks.of(available(sku))));
    }

    /**
     * Whether every slot has its mark: false once any server lost its data (or the gate was just turned
     * on), which is what the repair's rebuild waits for. One EXISTS over all marks (split per slot on a
     * cluster).
     */
    public boolean catalogSeeded() {
        Long marked = redis.countExistingKeys(CatalogMarks.all());
        return marked != null && marked == CatalogMarks.SLOTS;
    }

    /** Marks every slot seeded (the rebuild, after its last seed); a server that loses its data loses its slots' marks. */
    public void markCatalogSeeded() {
        String at = clock.instant().toString();
        Map<String, String> marks = new HashMap<>(CatalogMarks.SLOTS * 2);
        CatalogMarks.all().forEach(mark -> marks.put(mark, at));
        redis.opsForValue().multiSet(marks);
    }

    /**
     * Removes every slot's mark, so the next repair rebuilds every SKU without a count: after the gate was
     * off in inventory-service while Redis kept its data (docs/stock-gate.md, "Turning it on"), and in
     * tests, as a Redis that lost its data.
     */
    public void forgetCatalogSeeded() {
        redis.unlink(CatalogMarks.all());
    }

    /**
     * What {@link #seed} does when the SKU has no count.
     */
    public enum MissingCount {
        /**
         * Leaves it missing (the result's {@code available} is null): after Redis lost its data, only the
         * rebuild may create it, once the reservations of the orders in flight are restored.
         */
        LEAVE,
        /** Creates it (the rebuild; a SKU whose slot has its catalog mark). */
        CREATE,
        /**
         * Creates it for a SKU inventory has just created: no order can have been admitted for it, so from
         * here the gate knows every buyer it admits, and a sold-out answer to a buyer it never admitted
         * needs no look-up of an earlier order (docs/stock-gate.md, "A refusal without SQL").
         */
        CREATE_FOR_NEW_SKU
    }

    /** The SKU's count and reservations at one moment. */
    public GateState state(long sku) {
        List<?> read = redis.execute(STATE, List.of(available(sku), reservations(sku)));
        Map<Long, Integer> reservations = new HashMap<>();
        List<?> held = (List<?>) read.get(1);
        for (int i = 0; i < held.size(); i += 2) {
            String value = held.get(i + 1).toString();
            reservations.put(Long.parseLong(held.get(i).toString()), Integer.parseInt(value.substring(0, value.indexOf(':'))));
        }
        Object available = read.get(0);
        return new GateState(available == null ? null : Long.parseLong(available.toString()), Map.copyOf(reservations));
    }

    static String available(long sku) {
        return available(Long.toString(sku));
    }

    static String reservations(long sku) {
        return reservations(Long.toString(sku));
    }

    private static String available(String sku) {
        return "eventual:gate:{" + sku + "}:available";
    }

    private static String reservations(String sku) {
        return "eventual:gate:{" + sku + "}:reservations";
    }

    static String admissions(long sku) {
        return "eventual:gate:{" + sku + "}:admissions";
    }

    static String returnMarker(long sku, long orderId) {
        return "eventual:gate:{" + sku + "}:returned:" + orderId;
    }

    /**
     * The script's text, read once: a script made from a resource asks that resource whether it changed
     * on every call (a jar lookup per order, seen in the flash-sale profile), so the text is held instead.
     */
    private static <T> RedisScript<T> script(String name, Class<T> type) {
        try {
            return RedisScript.of(new ClassPathResource("gate/" + name + ".lua").getContentAsString(StandardCharsets.UTF_8),
                    type);
        } catch (IOException e) {
            throw new UncheckedIOException("stock gate script gate/" + name + ".lua unreadable", e);
        }
    }
}
