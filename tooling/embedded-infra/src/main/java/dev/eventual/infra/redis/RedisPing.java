package dev.eventual.infra.redis;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.function.BooleanSupplier;

/**
 * Whether a Redis serves: AUTH and PING over one short connection in the Redis protocol, so that a
 * server still loading its append-only file ({@code -LOADING}) or refusing the password does not count.
 * The start-up wait needs only this, not a client library.
 */
final class RedisPing {

    private static final int TIMEOUT_MILLIS = 1_000;
    private static final long POLL_MILLIS = 25;

    private RedisPing() {
    }

    /** @return true when the server answers PONG to an authenticated PING */
    static boolean answers(String host, int port, String password) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(host, port), TIMEOUT_MILLIS);
            socket.setSoTimeout(TIMEOUT_MILLIS);
            OutputStream out = socket.getOutputStream();
            out.write((command("AUTH", password) + command("PING")).getBytes(StandardCharsets.UTF_8));
            out.flush();
            BufferedReader in = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.UTF_8));
            return "+OK".equals(in.readLine()) && "+PONG".equals(in.readLine());
        } catch (IOException notYet) {
            return false;
        }
    }

    /**
     * Waits until the server answers, the condition {@code gone} says it never will (its process ended),
     * or the timeout passes.
     *
     * @return true when it answered
     */
    static boolean awaitAnswer(String host, int port, String password, Duration timeout, BooleanSupplier gone) {
        return await(() -> answers(host, port, password), timeout, gone);
    }

    /** Waits until {@code done}, until {@code gone} says it never will be, or until the timeout passes. */
    static boolean await(BooleanSupplier done, Duration timeout, BooleanSupplier gone) {
        Instant deadline = Instant.now().plus(timeout);
        while (Instant.now().isBefore(deadline)) {
            if (done.getAsBoolean()) {
                return true;
            }
            if (gone.getAsBoolean()) {
                return false;
            }
            try {
                Thread.sleep(POLL_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
        return false;
    }

    static String command(String... words) {
        StringBuilder resp = new StringBuilder("*").append(words.length).append("\r\n");
        for (String word : words) {
            resp.append('$').append(word.getBytes(StandardCharsets.UTF_8).length).append("\r\n").append(word).append("\r\n");
        }
        return resp.toString();
    }
}
