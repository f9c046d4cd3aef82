package dev.eventual.reconcile.executor;

import com.xxl.job.core.openapi.ExecutorBiz;
import com.xxl.job.core.server.EmbedServer;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.timeout.IdleStateHandler;
import io.netty.util.concurrent.DefaultThreadFactory;

import java.net.InetSocketAddress;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * The executor's HTTP port, in place of xxl-job-core's own server: that one builds its operations
 * itself, with no way to put {@link BeanOnlyExecutorBiz} in front of them. The protocol (routes,
 * access-token check, JSON) stays xxl-job-core's: each connection gets the library's own
 * {@link EmbedServer.EmbedHttpServerHandler}, given our operations instead of its default ones.
 */
final class ExecutorServer implements AutoCloseable {

    /** A trigger is a few hundred bytes; the library allows 5 MiB, which only a GLUE source could use. */
    private static final int MAX_REQUEST_BYTES = 64 * 1024;
    /** The admin beats every 30 s; a connection idle for three beats is dropped, as the library does. */
    private static final int IDLE_SECONDS = 90;

    private final EventLoopGroup acceptor;
    private final EventLoopGroup workers;
    private final ThreadPoolExecutor calls;
    private final Channel channel;

    private ExecutorServer(EventLoopGroup acceptor, EventLoopGroup workers, ThreadPoolExecutor calls, Channel channel) {
        this.acceptor = acceptor;
        this.workers = workers;
        this.calls = calls;
        this.channel = channel;
    }

    /**
     * Binds at once, so a port in use stops the start (the library only logs it, and the executor
     * then registers an address nobody answers on).
     *
     * @param bindAddress the address to listen on; blank: every interface
     */
    static ExecutorServer start(String bindAddress, int port, ExecutorBiz operations, String accessToken) {
        EventLoopGroup acceptor = new MultiThreadIoEventLoopGroup(1,
                new DefaultThreadFactory("xxl-executor-accept", true), NioIoHandler.newFactory());
        EventLoopGroup workers = new MultiThreadIoEventLoopGroup(2,
                new DefaultThreadFactory("xxl-executor-io", true), NioIoHandler.newFactory());
        // the library's handler hands each call to this pool, off the event loop
        ThreadPoolExecutor calls = new ThreadPoolExecutor(4, 4, 60, TimeUnit.SECONDS, new ArrayBlockingQueue<>(1000),
                new DefaultThreadFactory("xxl-executor-call", true));
        calls.allowCoreThreadTimeOut(true);
        try {
            ServerBootstrap bootstrap = new ServerBootstrap().group(acceptor, workers)
                    .channel(NioServerSocketChannel.class)
                    .childHandler(new ChannelInitializer<SocketChannel>() {
                        @Override
                        protected void initChannel(SocketChannel connection) {
                            connection.pipeline()
                                    .addLast(new IdleStateHandler(0, 0, IDLE_SECONDS, TimeUnit.SECONDS))
                                    .addLast(new HttpServerCodec())
                                    .addLast(new HttpObjectAggregator(MAX_REQUEST_BYTES))
                                    .addLast(new EmbedServer.EmbedHttpServerHandler(operations, accessToken, calls));
                        }
                    });
            InetSocketAddress address = bindAddress == null || bindAddress.isBlank()
                    ? new InetSocketAddress(port) : new InetSocketAddress(bindAddress, port);
            Channel channel = bootstrap.bind(address).syncUninterruptibly().channel();
            return new ExecutorServer(acceptor, workers, calls, channel);
        } catch (Exception e) { // the bind's BindException arrives unchecked, through Netty's sync
            acceptor.shutdownGracefully(0, 1, TimeUnit.SECONDS);
            workers.shutdownGracefully(0, 1, TimeUnit.SECONDS);
            calls.shutdownNow();
            throw new IllegalStateException("The XXL-Job executor cannot listen on port " + port, e);
        }
    }

    int port() {
        return ((InetSocketAddress) channel.localAddress()).getPort();
    }

    @Override
    public void close() {
        channel.close().syncUninterruptibly();
        acceptor.shutdownGracefully(0, 2, TimeUnit.SECONDS);
        workers.shutdownGracefully(0, 2, TimeUnit.SECONDS);
        calls.shutdown();
    }
}
