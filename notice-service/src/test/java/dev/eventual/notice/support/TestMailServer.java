package dev.eventual.notice.support;

import com.icegreen.greenmail.util.GreenMail;
import com.icegreen.greenmail.util.ServerSetup;
import jakarta.mail.MessagingException;
import jakarta.mail.internet.MimeMessage;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.Arrays;
import java.util.List;

/**
 * One real SMTP server (GreenMail) for the test JVM, on a fixed port so that it can be stopped (an
 * SMTP outage) and started again where the service expects it. A restart forgets received mail.
 */
public final class TestMailServer {

    public static final String HOST = "127.0.0.1";

    private static GreenMail server;
    private static int port;

    private TestMailServer() {
    }

    /** Starts the server (first call picks the port; later calls restart it there). */
    public static synchronized int start() {
        if (port == 0) {
            port = freePort();
        }
        if (server == null || !server.isRunning()) {
            server = new GreenMail(new ServerSetup(port, HOST, ServerSetup.PROTOCOL_SMTP));
            server.start();
        }
        return port;
    }

    /** Stops the server: connections are refused until {@link #start()}. */
    public static synchronized void stop() {
        server.stop();
    }

    /** Every mail received since the last (re)start with this Message-ID header. */
    public static synchronized List<MimeMessage> withMessageId(String messageId) {
        return Arrays.stream(server.getReceivedMessages()).filter(m -> messageId.equals(messageId(m))).toList();
    }

    public static synchronized int receivedCount() {
        return server.getReceivedMessages().length;
    }

    private static String messageId(MimeMessage message) {
        try {
            return message.getMessageID();
        } catch (MessagingException e) {
            throw new IllegalStateException(e);
        }
    }

    private static int freePort() {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getByName(HOST))) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
