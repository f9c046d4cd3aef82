package dev.eventual.bench.cost;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Locale;

/**
 * Splits the bytes a keep-alive connection receives into HTTP/1.1 responses: the status of each, and
 * whether the server closes the connection after it. Bodies are skipped by Content-Length or by chunks.
 */
final class HttpResponses {

    private byte[] buffer = new byte[16 * 1024];
    private int length;

    /** One complete response. */
    record Response(int status, boolean closes) {
    }

    void add(byte[] bytes, int count) {
        if (length + count > buffer.length) {
            buffer = Arrays.copyOf(buffer, Math.max(buffer.length * 2, length + count));
        }
        System.arraycopy(bytes, 0, buffer, length, count);
        length += count;
    }

    /** The next complete response, removed from the buffer; null until one has fully arrived. */
    Response next() {
        int headerEnd = indexOf(0, "\r\n\r\n");
        if (headerEnd < 0) {
            return null;
        }
        String head = new String(buffer, 0, headerEnd, StandardCharsets.ISO_8859_1);
        int status = Integer.parseInt(head.substring(9, 12));
        String lower = head.toLowerCase(Locale.ROOT);
        boolean closes = lower.contains("\r\nconnection: close");
        int bodyStart = headerEnd + 4;
        int end;
        if (lower.contains("\r\ntransfer-encoding: chunked")) {
            end = chunkedEnd(bodyStart);
        } else {
            int at = lower.indexOf("\r\ncontent-length:");
            long bodyLength = 0;
            if (at >= 0) {
                int lineEnd = lower.indexOf("\r\n", at + 2);
                bodyLength = Long.parseLong(lower.substring(at + 17, lineEnd < 0 ? lower.length() : lineEnd).trim());
            }
            end = bodyStart + bodyLength <= length ? (int) (bodyStart + bodyLength) : -1;
        }
        if (end < 0) {
            return null;
        }
        System.arraycopy(buffer, end, buffer, 0, length - end);
        length -= end;
        return new Response(status, closes);
    }

    /** Where a chunked body ends (after the last chunk's empty trailer), or -1 while incomplete. */
    private int chunkedEnd(int from) {
        int at = from;
        while (true) {
            int lineEnd = indexOf(at, "\r\n");
            if (lineEnd < 0) {
                return -1;
            }
            String sizeField = new String(buffer, at, lineEnd - at, StandardCharsets.ISO_8859_1);
            int semicolon = sizeField.indexOf(';');
            int size = Integer.parseInt((semicolon < 0 ? sizeField : sizeField.substring(0, semicolon)).trim(), 16);
            if (size == 0) {
                int trailerEnd = indexOf(lineEnd, "\r\n\r\n");
                return trailerEnd < 0 ? -1 : trailerEnd + 4;
            }
            at = lineEnd + 2 + size + 2;
            if (at > length) {
                return -1;
            }
        }
    }

    private int indexOf(int from, String marker) {
        byte[] m = marker.getBytes(StandardCharsets.ISO_8859_1);
        for (int i = from; i <= length - m.length; i++) {
            int k = 0;
            while (k < m.length && buffer[i + k] == m[k]) {
                k++;
            }
            if (k == m.length) {
                return i;
            }
        }
        return -1;
    }
}
