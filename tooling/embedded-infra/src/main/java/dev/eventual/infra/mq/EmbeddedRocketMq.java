package dev.eventual.infra.mq;

import dev.eventual.infra.Directories;
import org.apache.rocketmq.broker.BrokerController;
import org.apache.rocketmq.common.BrokerConfig;
import org.apache.rocketmq.common.MixAll;
import org.apache.rocketmq.common.TopicAttributes;
import org.apache.rocketmq.common.TopicConfig;
import org.apache.rocketmq.common.attribute.TopicMessageType;
import org.apache.rocketmq.common.constant.PermName;
import org.apache.rocketmq.common.namesrv.NamesrvConfig;
import org.apache.rocketmq.namesrv.NamesrvController;
import org.apache.rocketmq.remoting.netty.NettyClientConfig;
import org.apache.rocketmq.remoting.netty.NettyServerConfig;
import org.apache.rocketmq.remoting.protocol.route.TopicRouteData;
import org.apache.rocketmq.store.config.MessageStoreConfig;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * A real RocketMQ NameServer and Broker running in this JVM, storing under one directory.
 * Topics are created explicitly with their message type (the gRPC proxy enforces it, and
 * auto-created topics delayed first delivery by ~20 s here). The broker can be stopped and started
 * again on the same port and store, or made to hang while it runs, for fault-injection tests.
 */
public final class EmbeddedRocketMq implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(EmbeddedRocketMq.class);
    private static final int QUEUES_PER_TOPIC = 4;
    private static final Duration ROUTE_TIMEOUT = Duration.ofSeconds(30);
    private static final int FIRST_START_ATTEMPTS = 3;
    private static final Duration STOP_TIMEOUT = Duration.ofSeconds(60);
    private static final int CONNECT_TIMEOUT_MILLIS = 200;

    private final RocketMqSettings settings;
    private final NamesrvController nameServer;
    private final String nameServerAddress;
    private final int brokerPort;
    private final Map<String, TopicMessageType> topics = new LinkedHashMap<>();
    private BrokerController broker;
    private CompletableFuture<Void> stopped = CompletableFuture.completedFuture(null);

    private EmbeddedRocketMq(RocketMqSettings settings, NamesrvController nameServer, int brokerPort) {
        this.settings = settings;
        this.nameServer = nameServer;
        this.nameServerAddress = "127.0.0.1:" + nameServer.getRemotingServer().localListenPort();
        this.brokerPort = brokerPort;
    }

    /** Starts a NameServer and a Broker; returns when both accept connections. */
    public static EmbeddedRocketMq start(RocketMqSettings settings) {
        long started = System.nanoTime();
        if (!settings.keepData()) {
            Directories.deleteRecursively(settings.directory());
        }
        prepareJvm(settings.directory());
        NamesrvController nameServer = startNameServer(settings.nameServerPort(), settings.bindAddress());
        EmbeddedRocketMq mq = startFirstBroker(settings, nameServer);
        log.info("Embedded RocketMQ ready in {} ms: namesrv {}, broker 127.0.0.1:{}, store {}",
                (System.nanoTime() - started) / 1_000_000, mq.nameServerAddress, mq.brokerPort, settings.directory());
        return mq;
    }

    /**
     * The broker's two ports are picked free, then bound a moment later, after the store loaded: another
     * process may take one in between (one CI run lost a scenario module that way). A first start that
     * fails is tried again on a fresh pair, each failure logged with its cause; a restart keeps its port.
     */
    private static EmbeddedRocketMq startFirstBroker(RocketMqSettings settings, NamesrvController nameServer) {
        IllegalStateException failure = null;
        for (int attempt = 1; attempt <= FIRST_START_ATTEMPTS; attempt++) {
            EmbeddedRocketMq mq = new EmbeddedRocketMq(settings, nameServer, freeBrokerPort());
            try {
                mq.startBroker();
                return mq;
            } catch (IllegalStateException e) {
                log.warn("Embedded RocketMQ broker start {} of {} on port {} failed", attempt, FIRST_START_ATTEMPTS,
                        mq.brokerPort, e);
                failure = e;
            }
        }
        nameServer.shutdown();
        throw failure;
    }

    public String nameServerAddress() {
        return nameServerAddress;
    }

    /** Creates (or updates) a topic with its message type and waits until the NameServer routes it. */
    public synchronized void createTopic(String topic, TopicMessageType type) {
        topics.put(topic, type);
        registerTopic(topic, type);
    }

    public synchronized boolean isBrokerRunning() {
        return broker != null;
    }

    /**
     * Stops the broker for a fault test; the NameServer keeps running. Returns once the broker has left the
     * NameServer and refuses connections on both its ports, its open connections closed: what a client
     * can see of a stopped broker. The rest of RocketMQ's stop (its store's fixed 3 s pause, the remoting
     * threads' 3 s polls: seconds in all, none of it visible to a client) goes on behind the caller, and
     * {@link #startBroker()} and {@link #close()} wait for it (docs/testing.md, "The broker in a test").
     */
    public synchronized void stopBroker() {
        if (broker == null) {
            return;
        }
        long started = System.nanoTime();
        BrokerController stopping = broker;
        broker = null;
        stopped = CompletableFuture.runAsync(() -> {
            stopping.shutdown();
            log.info("Embedded RocketMQ broker stopped in {} ms", (System.nanoTime() - started) / 1_000_000);
        }, task -> new Thread(task, "rocketmq-broker-stop").start());
        long deadline = System.nanoTime() + STOP_TIMEOUT.toNanos();
        while (!stopped.isDone() && (accepts(brokerPort) || accepts(brokerPort - 2))) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("the RocketMQ broker still accepts connections " + STOP_TIMEOUT + " into its stop");
            }
            pause();
        }
        log.info("Embedded RocketMQ broker refuses connections {} ms into its stop", (System.nanoTime() - started) / 1_000_000);
    }

    /** Waits for the stop {@link #stopBroker()} left running, if any. */
    private void finishStop() {
        stopped.join();
    }

    /**
     * Makes the running broker hang without stopping it, until the returned handle is closed: it stays
     * registered and reachable, but answers no send meanwhile ({@link StalledSends}).
     */
    public synchronized StalledSends stallSends() {
        if (broker == null) {
            throw new IllegalStateException("the broker is stopped: nothing to stall");
        }
        return StalledSends.of(broker);
    }

    /** Starts the broker (again) on the same port and store, with every topic created so far. */
    public synchronized void startBroker() {
        if (broker != null) {
            return;
        }
        finishStop();
        BrokerController controller = new BrokerController(brokerConfig(), brokerServerConfig(), new NettyClientConfig(), storeConfig());
        try {
            if (!controller.initialize()) {
                throw new IllegalStateException("RocketMQ broker failed to initialize; see its log under " + settings.directory());
            }
            controller.start();
            if (!isWildcard(settings.bindAddress())) {
                // the master's listener for slaves has no bind address of its own (it takes every interface);
                // a single broker has no slaves, so it is closed rather than left open to the network
                controller.getMessageStore().getHaService().shutdown();
            }
        } catch (Exception e) {
            IllegalStateException failure = new IllegalStateException("RocketMQ broker failed to start on port " + brokerPort, e);
            try {
                controller.shutdown();
            } catch (RuntimeException partlyStarted) {
                failure.addSuppressed(partlyStarted);
            }
            throw failure;
        }
        broker = controller;
        topics.forEach(this::registerTopic);
    }

    /**
     * Stops the broker, and the NameServer beside it once the broker has left it: each takes seconds
     * of fixed waits (RocketMQ's remoting threads poll every 3 s, the store pauses 3 s before it
     * closes). Started any earlier, the NameServer's stop makes the broker's unregistering wait out
     * its timeout (docs/running-locally.md, "Stopping").
     */
    @Override
    public synchronized void close() {
        Thread nameServerStopping = new Thread(nameServer::shutdown, "namesrv-shutdown");
        if (broker != null) {
            // BrokerController.shutdown calls its hook right after it unregistered (on the thread that stops it)
            broker.setShutdownHook(unregistered -> nameServerStopping.start());
        }
        try {
            stopBroker();
            finishStop();
        } finally {
            if (nameServerStopping.getState() == Thread.State.NEW) {
                nameServer.shutdown();
            } else {
                awaitStopped(nameServerStopping);
            }
        }
    }

    private void registerTopic(String topic, TopicMessageType type) {
        // a new config each time: the manager rewrites the attributes of the one it is given
        TopicConfig config = new TopicConfig(topic, QUEUES_PER_TOPIC, QUEUES_PER_TOPIC, PermName.PERM_READ | PermName.PERM_WRITE);
        // "+" adds the attribute: the topic config manager applies +/- prefixed changes
        Map<String, String> attributes = new LinkedHashMap<>();
        attributes.put("+" + TopicAttributes.TOPIC_MESSAGE_TYPE_ATTRIBUTE.getName(), type.getValue());
        config.setAttributes(attributes);
        broker.getTopicConfigManager().updateTopicConfig(config);
        long deadline = System.nanoTime() + ROUTE_TIMEOUT.toNanos();
        // start() sometimes skips its first registration (the next one is 10 s later): re-register until routed
        while (!isRouted(config.getTopicName())) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("NameServer never routed topic " + config.getTopicName());
            }
            broker.registerBrokerAll(true, false, true);
            pause();
        }
    }

    private boolean isRouted(String topic) {
        TopicRouteData route = nameServer.getRouteInfoManager().pickupTopicRouteData(topic);
        return route != null && route.getBrokerDatas() != null && !route.getBrokerDatas().isEmpty()
                && route.getQueueDatas() != null && !route.getQueueDatas().isEmpty();
    }

    private BrokerConfig brokerConfig() {
        BrokerConfig config = new BrokerConfig();
        config.setBrokerName("eventual-broker");
        config.setBrokerClusterName("EventualCluster");
        config.setBrokerIP1("127.0.0.1");
        config.setNamesrvAddr(nameServerAddress);
        config.setListenPort(brokerPort);
        config.setAutoCreateTopicEnable(false);
        config.setTransactionCheckInterval(settings.transactionCheckInterval().toMillis());
        config.setTransactionTimeOut(settings.transactionTimeout().toMillis());
        config.setTransactionOpBatchInterval((int) settings.transactionOpBatchInterval().toMillis());
        // no POP consumption here (every consumer pulls): without its checkpoint merger and revive threads a stop
        // skips their fixed waits (the merger sleeps 2 s once stopped, a revive thread up to 3 s more)
        config.setPopConsumerFSServiceInit(false);
        return config;
    }

    private NettyServerConfig brokerServerConfig() {
        NettyServerConfig config = new NettyServerConfig();
        config.setListenPort(brokerPort);
        config.setBindAddress(settings.bindAddress());
        return config;
    }

    private static boolean isWildcard(String address) {
        return address.equals("0.0.0.0") || address.equals("::");
    }

    private MessageStoreConfig storeConfig() {
        Path store = settings.directory().resolve("store");
        MessageStoreConfig config = new MessageStoreConfig();
        config.setStorePathRootDir(store.toString());
        config.setStorePathCommitLog(store.resolve("commitlog").toString());
        config.setHaListenPort(0);
        // small, sparse files: enough for tests and demos, cheap to create
        config.setMappedFileSizeCommitLog(64 * 1024 * 1024);
        config.setMappedFileSizeConsumeQueue(30_000 * 20);
        config.setMaxHashSlotNum(50_000);
        config.setMaxIndexNum(200_000);
        // no timer messages here (nothing sets a delivery time; a consumer's retry is a delay level, which the
        // schedule service delivers, and the transactional check has its own): without the timer wheel the
        // broker runs none of its threads, whose flush was on CPU at idle (2026-11-23-profile-reconcile.md)
        config.setTimerWheelEnable(false);
        config.setDiskMaxUsedSpaceRatio(95);
        return config;
    }

    private static NamesrvController startNameServer(int port, String bindAddress) {
        NettyServerConfig serverConfig = new NettyServerConfig();
        serverConfig.setListenPort(port);
        serverConfig.setBindAddress(bindAddress);
        NamesrvController controller = new NamesrvController(new NamesrvConfig(), serverConfig, new NettyClientConfig());
        try {
            if (!controller.initialize()) {
                throw new IllegalStateException("RocketMQ NameServer failed to initialize");
            }
            controller.start();
            return controller;
        } catch (Exception e) {
            controller.shutdown();
            throw new IllegalStateException("RocketMQ NameServer failed to start on port " + port, e);
        }
    }

    private static void prepareJvm(Path directory) {
        Directories.create(directory);
        // Without the remoting version the NameServer ignores the broker's topic table ("No route info").
        System.setProperty("rocketmq.remoting.version",
                Integer.toString(org.apache.rocketmq.common.MQVersion.CURRENT_VERSION));
        System.setProperty("tls.server.mode", "disabled");
        System.setProperty(MixAll.ROCKETMQ_HOME_PROPERTY, directory.toString());
    }

    /** The broker also listens on port - 2 (its "VIP" channel), so both must be free. */
    private static int freeBrokerPort() {
        for (int attempt = 0; attempt < 50; attempt++) {
            int port = freePort();
            if (port > 1026 && isFree(port - 2)) {
                return port;
            }
        }
        throw new IllegalStateException("no free port pair for the RocketMQ broker");
    }

    private static int freePort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            socket.setReuseAddress(true);
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new IllegalStateException("no free port", e);
        }
    }

    /** Whether the broker's host takes a connection on this port (loopback for a broker open to every interface). */
    private boolean accepts(int port) {
        String host = isWildcard(settings.bindAddress()) ? RocketMqSettings.LOOPBACK : settings.bindAddress();
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(host, port), CONNECT_TIMEOUT_MILLIS);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private static boolean isFree(int port) {
        try (ServerSocket socket = new ServerSocket(port)) {
            socket.setReuseAddress(true);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private static void awaitStopped(Thread stopping) {
        try {
            stopping.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void pause() {
        try {
            Thread.sleep(100);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for the broker", e);
        }
    }
}
