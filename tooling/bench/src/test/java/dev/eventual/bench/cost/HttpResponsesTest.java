package dev.eventual.bench.cost;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;

class HttpResponsesTest {

    private final HttpResponses responses = new HttpResponses();

    @Test
    void splitsKeepAliveResponsesByContentLengthAndChunks() {
        add("HTTP/1.1 409 \r\nContent-Type: application/problem+json\r\nContent-Length: 5\r\n\r\nabcdeHTTP/1.1 200 \r\n"
                + "Transfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n2\r\nde\r\n0\r\n\r\n");
        assertThat(responses.next()).isEqualTo(new HttpResponses.Response(409, false));
        assertThat(responses.next()).isEqualTo(new HttpResponses.Response(200, false));
        assertThat(responses.next()).isNull();
    }

    @Test
    void waitsForTheWholeBodyAndSeesTheServerClose() {
        add("HTTP/1.1 201 \r\nConnection: close\r\nContent-Length: 4\r\n\r\nab");
        assertThat(responses.next()).isNull();
        add("cd");
        assertThat(responses.next()).isEqualTo(new HttpResponses.Response(201, true));
    }

    private void add(String text) {
        byte[] bytes = text.getBytes(StandardCharsets.ISO_8859_1);
        responses.add(bytes, bytes.length);
    }
}
