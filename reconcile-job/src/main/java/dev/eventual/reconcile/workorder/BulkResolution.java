package dev.eventual.reconcile.workorder;

import dev.eventual.order.core.reconcile.WorkOrders;
import dev.eventual.order.core.shard.OrderShards;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;

import java.util.List;

/**
 * One RETRY or CLOSE for every open work order a filter matches, over every order_db server: each work
 * order through the single resolution (its own transaction, its own audit row under the resolver's name, in
 * its order's trace), at most {@link WorkOrderProperties#bulkLimit()} per request, the oldest first.
 */
@Service
public class BulkResolution {

    private static final Logger log = LoggerFactory.getLogger(BulkResolution.class);

    private final OrderShards shards;
    private final WorkOrders workOrders;
    private final WorkOrderResolution resolution;
    private final WorkOrderProperties properties;

    public BulkResolution(OrderShards shards, WorkOrders workOrders, WorkOrderResolution resolution,
                          WorkOrderProperties properties) {
        this.shards = shards;
        this.workOrders = workOrders;
        this.resolution = resolution;
        this.properties = properties;
    }

    /** The most work orders one request works. */
    public int limit() {
        return properties.bulkLimit();
    }

    /** How many open work orders the filter matches on every server: what a person confirms. */
    public long matching(BulkFilter filter) {
        return workOrders.count(open(filter));
    }

    /** @throws BulkCountChangedException when not {@code expectedCount} match now; nothing was done then */
    public BulkResult resolve(BulkFilter filter, BulkAction action, String note, long expectedCount, Resolver resolver) {
        long matching = matching(filter);
        if (matching != expectedCount) {
            throw new BulkCountChangedException(expectedCount, matching);
        }
        ResolveRequest request = new ResolveRequest(action.action(), note);
        int worked = 0;
        int skipped = 0;
        for (int server = 0; server < shards.servers() && worked + skipped < properties.bulkLimit(); server++) {
            int budget = properties.bulkLimit() - worked - skipped;
            List<Long> ids = workOrders.ids(server, open(filter), budget);
            for (long id : ids) {
                try {
                    resolution.resolve(id, request, resolver);
                    worked++;
                } catch (WorkOrderRefusedException | WorkOrderNotFoundException e) {
                    // someone else resolved it, or its event moved on, since it matched: audited, not this act's to do
                    skipped++;
                }
            }
        }
        BulkResult result = new BulkResult(worked, skipped, matching(filter));
        log.info("Bulk {} by {} over {}: {} worked, {} skipped, {} still match", action, resolver.name(), filter,
                result.worked(), result.skipped(), result.remaining());
        return result;
    }

    private static WorkOrders.Filter open(BulkFilter filter) {
        return new WorkOrders.Filter(WorkOrders.Status.OPEN, null, filter.sku(), filter.type(), filter.reason());
    }
}
