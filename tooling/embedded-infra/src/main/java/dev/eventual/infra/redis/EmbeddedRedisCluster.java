package dev.eventual.infra.redis;

import dev.eventual.infra.Secrets;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.IntStream;

/**
 * A local Redis Cluster of masters only, each an {@link EmbeddedRedis} node on loopback with the same
 * password: the 16384 slots split in equal ranges, in node order, and the nodes introduced to each
 * other ({@code CLUSTER ADDSLOTS}, {@code MEET}) as {@code redis-cli --cluster create} would, without
 * needing redis-cli. {@link #start} returns once every node sees every slot served. A client is given
 * {@link #addresses()} and {@link #password()} (Spring Boot: {@code spring.data.redis.cluster.nodes},
 * {@code spring.data.redis.password}).
 * <pre>
 *   directory/node-0 … node-(n-1)   each node's files (see EmbeddedRedis; nodes.conf beside data/)
 * </pre>
 */
public final class EmbeddedRedisCluster implements AutoCloseable {

    public static final int SLOTS = 16_384;
    private static final Logger log = LoggerFactory.getLogger(EmbeddedRedisCluster.class);
    /** redis 6.2 (the bundled binary) puts the cluster bus on the client port + 10000, with no setting for it. */
    private static final int BUS_OFFSET = 10_000;
    private static final Duration READY_TIMEOUT = Duration.ofSeconds(30);

    private final List<EmbeddedRedis> masters;
    private final String password;

    private EmbeddedRedisCluster(List<EmbeddedRedis> masters, String password) {
        this.masters = masters;
        this.password = password;
    }

    /** Starts {@code masters} empty nodes under {@code directory} and forms the cluster. */
    public static EmbeddedRedisCluster start(Path directory, int masters) {
        String password = Secrets.random();
        List<EmbeddedRedis> nodes = new ArrayList<>();
        try {
            for (int port : freePorts(masters)) {
                nodes.add(EmbeddedRedis.startClusterNode(directory.resolve("node-" + nodes.size()), port, password));
            }
            EmbeddedRedisCluster cluster = new EmbeddedRedisCluster(List.copyOf(nodes), password);
            cluster.form();
            return cluster;
        } catch (RuntimeException e) {
            nodes.forEach(EmbeddedRedis::close);
            throw e;
        }
    }

    /** {@code host:port} of every node, in node order. */
    public List<String> addresses() {
        return masters.stream().map(node -> node.host() + ":" + node.port()).toList();
    }

    public String password() {
        return password;
    }

    /** The index of the master that serves {@code slot}. */
    public int masterOf(int slot) {
        return IntStream.range(0, masters.size()).filter(i -> firstSlot(i) <= slot && slot < firstSlot(i + 1))
                .findFirst().orElseThrow(() -> new IllegalArgumentException("no slot " + slot));
    }

    /**
     * Master {@code i} crashes and comes back on its address with no data, still owning its slots (its
     * cluster configuration is kept): a master whose data was lost. Returns once the cluster serves
     * every slot again.
     */
    public void restartEmpty(int i) {
        masters.get(i).kill();
        masters.get(i).startEmpty();
        awaitEverySlotServed();
        log.info("Redis Cluster master {} ({}) restarted empty, serving its slots again", i, addresses().get(i));
    }

    /** Whether every node sees the cluster whole: all its nodes known and every slot served. */
    public boolean serving() {
        for (EmbeddedRedis node : masters) {
            String info;
            try {
                info = RedisCall.send(node.host(), node.port(), password, List.of("CLUSTER", "INFO"));
            } catch (RuntimeException notYet) {
                return false;
            }
            if (!info.contains("cluster_state:ok") || !info.contains("cluster_slots_ok:" + SLOTS)
                    || !info.contains("cluster_known_nodes:" + masters.size())) {
                return false;
            }
        }
        return true;
    }

    @Override
    public void close() {
        masters.forEach(EmbeddedRedis::close);
    }

    private void form() {
        long started = System.nanoTime();
        for (int i = 0; i < masters.size(); i++) {
            List<String> addSlots = new ArrayList<>(List.of("CLUSTER", "ADDSLOTS"));
            IntStream.range(firstSlot(i), firstSlot(i + 1)).forEach(slot -> addSlots.add(Integer.toString(slot)));
            call(i, addSlots);
        }
        // one introduction each is enough: gossip tells every node about the others
        for (int i = 1; i < masters.size(); i++) {
            call(0, List.of("CLUSTER", "MEET", masters.get(i).host(), Integer.toString(masters.get(i).port())));
        }
        awaitEverySlotServed();
        log.info("Redis Cluster of {} masters ready in {} ms on {}", masters.size(), (System.nanoTime() - started) / 1_000_000,
                addresses());
    }

    private void awaitEverySlotServed() {
        if (!RedisPing.await(this::serving, READY_TIMEOUT, () -> false)) {
            throw new IllegalStateException("the Redis Cluster on " + addresses() + " did not serve every slot within "
                    + READY_TIMEOUT.toSeconds() + " s");
        }
    }

    private int firstSlot(int i) {
        return (int) ((long) SLOTS * i / masters.size());
    }

    private String call(int node, List<String> command) {
        return RedisCall.send(masters.get(node).host(), masters.get(node).port(), password, command);
    }

    /** Distinct ports whose bus ports are free too, low enough that the bus port stays a port. */
    private static List<Integer> freePorts(int count) {
        Set<Integer> ports = new HashSet<>();
        ThreadLocalRandom random = ThreadLocalRandom.current();
        for (int tries = 0; ports.size() < count; tries++) {
            if (tries == 1_000) {
                throw new IllegalStateException("no " + count + " free port pairs (port, port + " + BUS_OFFSET + ") on "
                        + EmbeddedRedis.LOOPBACK);
            }
            // below Linux's ephemeral ports (32768 up), where an outgoing connection could take one meanwhile
            int port = random.nextInt(20_000, 32_000);
            boolean clashes = ports.stream().anyMatch(taken -> Math.abs(taken - port) == BUS_OFFSET || taken == port);
            if (!clashes && free(port) && free(port + BUS_OFFSET)) {
                ports.add(port);
            }
        }
        return List.copyOf(ports);
    }

    private static boolean free(int port) {
        try (ServerSocket probe = new ServerSocket(port, 1, InetAddress.getByName(EmbeddedRedis.LOOPBACK))) {
            return true;
        } catch (IOException taken) {
            return false;
        }
    }
}
