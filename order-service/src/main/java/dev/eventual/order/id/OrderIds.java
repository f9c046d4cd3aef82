package dev.eventual.order.id;

import dev.eventual.order.core.shard.OrderShards;
import dev.eventual.order.core.leases.WorkerLeases;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;

import java.time.Clock;
import java.util.ArrayList;
import java.util.List;

/**
 * Mints order ids: under a worker id leased on the customer's order_db server, carrying the customer's
 * logical shard. One lease (and one id sequence) per server, so a server that is down or unleased stops
 * its own customers' orders only.
 */
@Component
public class OrderIds implements SmartLifecycle {

    private final OrderShards shards;
    private final List<WorkerLeaseKeeper> keepers = new ArrayList<>();

    OrderIds(OrderShards shards, WorkerLeases leases, WorkerIdProperties properties, Clock clock, MeterRegistry registry) {
        this.shards = shards;
        for (int server = 0; server < shards.servers(); server++) {
            keepers.add(new WorkerLeaseKeeper(server, leases, new SnowflakeIds(clock), properties, clock, registry));
        }
    }

    /** @throws OrderIdsUnavailableException while the customer's server holds no valid lease */
    public long next(long userId) {
        int gene = OrderShards.geneOfUser(userId);
        return keepers.get(shards.serverOfGene(gene)).ids().nextId(gene);
    }

    @Override
    public void start() {
        keepers.forEach(WorkerLeaseKeeper::start);
    }

    @Override
    public void stop() {
        keepers.forEach(WorkerLeaseKeeper::stop);
    }

    @Override
    public boolean isRunning() {
        return keepers.stream().anyMatch(WorkerLeaseKeeper::isRunning);
    }

    /** Takes the leases before the web server starts, frees them after it has drained (higher phases stop first). */
    @Override
    public int getPhase() {
        return 0;
    }
}
