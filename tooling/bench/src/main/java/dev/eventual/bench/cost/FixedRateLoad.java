package dev.eventual.bench.cost;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.function.IntFunction;

/**
 * A lean open-loop generator: request i is due at start + i / rate, and its latency is counted from
 * then, however late a connection frees up (no coordinated omission). One thread, non-blocking
 * sockets, HTTP/1.1 keep-alive over a fixed set of connections, one request in flight per connection;
 * the requests come ready-made as bytes. Its thread is named {@value #THREAD} so schedstat counts it as
 * the load generator, apart from the system under test.
 */
public final class FixedRateLoad {

    static final String THREAD = "bench-load-gen";
    /** How long to wait for answers still out when the sending stops. */
    private static final Duration ANSWER_TIMEOUT = Duration.ofSeconds(30);

    private final InetSocketAddress server;
    private final int connections;

    public FixedRateLoad(int port, int connections) {
        this.server = new InetSocketAddress("127.0.0.1", port);
        this.connections = connections;
    }

    /** Sends {@code rate × duration} requests, {@code requests.apply(i)} the i-th, on a thread of its own. */
    public LoadRun run(IntFunction<byte[]> requests, double rate, Duration duration) {
        FutureTask<LoadRun> task = new FutureTask<>(() -> send(requests, rate, duration));
        Thread thread = new Thread(task, THREAD);
        thread.setDaemon(true);
        thread.start();
        try {
            return task.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        } catch (ExecutionException e) {
            throw new IllegalStateException("the load generator failed", e.getCause());
        }
    }

    private LoadRun send(IntFunction<byte[]> requests, double rate, Duration duration) throws IOException {
        int total = (int) Math.max(1, Math.round(rate * duration.toNanos() / 1e9));
        int[] statuses = new int[total];
        long[] latencies = new long[total];
        double interval = 1e9 / rate;
        try (Selector selector = Selector.open()) {
            Deque<Connection> idle = new ArrayDeque<>();
            for (int c = 0; c < connections; c++) {
                idle.add(open(selector));
            }
            Deque<Integer> due = new ArrayDeque<>();
            long start = System.nanoTime();
            long sendingEnds = start + duration.toNanos();
            int next = 0;
            int answered = 0;
            ByteBuffer read = ByteBuffer.allocate(64 * 1024);
            while (answered < total && System.nanoTime() < sendingEnds + ANSWER_TIMEOUT.toNanos()) {
                long now = System.nanoTime();
                while (next < total && start + (long) (next * interval) <= now) {
                    due.add(next++);
                }
                while (!due.isEmpty() && !idle.isEmpty()) {
                    Connection connection = idle.poll();
                    int index = due.poll();
                    connection.send(index, start + (long) (index * interval), requests.apply(index));
                }
                long waitNanos = next < total ? start + (long) (next * interval) - System.nanoTime() : 10_000_000L;
                // at least a millisecond: a shorter wait would spin and take the CPU the services need
                selector.select(Math.max(1, waitNanos / 1_000_000));
                for (SelectionKey key : selector.selectedKeys()) {
                    Connection connection = (Connection) key.attachment();
                    answered += connection.receive(read, statuses, latencies);
                    if (connection.closed) {
                        key.cancel();
                        key.channel().close();
                        idle.remove(connection);
                        if (connection.inFlight >= 0) {
                            // the server closed with a request out: that request has no answer
                            statuses[connection.inFlight] = 0;
                            latencies[connection.inFlight] = System.nanoTime() - connection.dueAt;
                            answered++;
                        }
                        idle.add(open(selector));
                    } else if (connection.inFlight < 0 && !idle.contains(connection)) {
                        idle.add(connection);
                    }
                }
                selector.selectedKeys().clear();
            }
            double seconds = (System.nanoTime() - start) / 1e9;
            for (SelectionKey key : selector.keys()) {
                key.channel().close();
            }
            // the thread ends before the window's CPU is read, which would lose its schedstat: it counts its own
            return new LoadRun(statuses, latencies, seconds,
                    ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime());
        }
    }

    private Connection open(Selector selector) throws IOException {
        SocketChannel channel = SocketChannel.open(server);
        channel.setOption(StandardSocketOptions.TCP_NODELAY, true);
        channel.configureBlocking(false);
        Connection connection = new Connection(channel);
        channel.register(selector, SelectionKey.OP_READ, connection);
        return connection;
    }

    /** One keep-alive connection with at most one request out. */
    private static final class Connection {
        private final SocketChannel channel;
        private final HttpResponses responses = new HttpResponses();
        private int inFlight = -1;
        private long dueAt;
        private boolean closed;

        Connection(SocketChannel channel) {
            this.channel = channel;
        }

        void send(int index, long dueNanos, byte[] request) {
            inFlight = index;
            dueAt = dueNanos;
            ByteBuffer out = ByteBuffer.wrap(request);
            try {
                // a request is far smaller than the socket's send buffer: this loop runs once
                while (out.hasRemaining()) {
                    channel.write(out);
                }
            } catch (IOException e) {
                throw new UncheckedIOException("sending to " + channel, e);
            }
        }

        /** @return how many requests got their answer (0 or 1) */
        int receive(ByteBuffer read, int[] statuses, long[] latencies) {
            int count;
            try {
                read.clear();
                count = channel.read(read);
            } catch (IOException e) {
                count = -1;
            }
            if (count < 0) {
                closed = true;
                return 0;
            }
            responses.add(read.array(), count);
            HttpResponses.Response response = responses.next();
            if (response == null || inFlight < 0) {
                return 0;
            }
            statuses[inFlight] = response.status();
            latencies[inFlight] = System.nanoTime() - dueAt;
            inFlight = -1;
            // Tomcat closes a keep-alive connection after its 100th request: the loop opens another
            closed = response.closes();
            return 1;
        }
    }
}
