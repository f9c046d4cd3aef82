package dev.eventual.infra.redis;

/**
 * A running Redis that tests and the launcher connect to with a password. It can be taken away and
 * brought back on the same address and password, with its data or without, so tests can do to it
 * what happens to a production Redis: a clean restart, a crash, a restart that lost everything.
 */
public interface RedisServer extends AutoCloseable {

    String host();

    int port();

    /** Every client must AUTH with it: the server never runs without one. */
    String password();

    /** What kind of server this is and where, for logs. */
    String description();

    /** A clean stop: the server writes its data out first, so {@link #start()} finds it again. */
    void stop();

    /** Ends the server at once (SIGKILL): what the last second wrote may be lost, as in a crash. */
    void kill();

    /** Starts a stopped or killed server again with its data. */
    void start();

    /** Starts a stopped or killed server again with no data at all, as a Redis that lost its disk. */
    void startEmpty();

    /** Stops the server if it runs; the data is kept. */
    @Override
    void close();
}
