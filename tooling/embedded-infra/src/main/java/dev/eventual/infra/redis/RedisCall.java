package dev.eventual.infra.redis;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * One command to a Redis over a short connection in the Redis protocol (AUTH first): what setting up a
 * cluster needs ({@code CLUSTER ADDSLOTS}, {@code MEET}, {@code INFO}), without a client library in
 * this module's main code. Answers a status, an integer or a bulk string as text; an error is thrown.
 */
final class RedisCall {

    private static final int TIMEOUT_MILLIS = 2_000;

    private RedisCall() {
    }

    static String send(String host, int port, String password, List<String> command) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(host, port), TIMEOUT_MILLIS);
            socket.setSoTimeout(TIMEOUT_MILLIS);
            OutputStream out = socket.getOutputStream();
            out.write((RedisPing.command("AUTH", password) + RedisPing.command(command.toArray(String[]::new)))
                    .getBytes(StandardCharsets.UTF_8));
            out.flush();
            InputStream in = new BufferedInputStream(socket.getInputStream());
            reply(in, "AUTH");
            return reply(in, command.get(0) + (command.size() > 1 ? " " + command.get(1) : ""));
        } catch (IOException e) {
            throw new UncheckedIOException("Redis on " + host + ":" + port + " did not answer " + command.get(0), e);
        }
    }

    private static String reply(InputStream in, String what) throws IOException {
        String line = line(in);
        return switch (line.isEmpty() ? ' ' : line.charAt(0)) {
            case '+', ':' -> line.substring(1);
            case '-' -> throw new IllegalStateException(what + " refused: " + line.substring(1));
            case '$' -> {
                int length = Integer.parseInt(line.substring(1));
                if (length < 0) {
                    yield null;
                }
                byte[] bulk = in.readNBytes(length + 2);
                yield new String(bulk, 0, length, StandardCharsets.UTF_8);
            }
            default -> throw new IllegalStateException(what + ": unexpected answer " + line);
        };
    }

    private static String line(InputStream in) throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        for (int b = in.read(); b != '\n'; b = in.read()) {
            if (b == -1) {
                throw new IOException("connection closed mid-answer");
            }
            if (b != '\r') {
                line.write(b);
            }
        }
        return line.toString(StandardCharsets.UTF_8);
    }
}
