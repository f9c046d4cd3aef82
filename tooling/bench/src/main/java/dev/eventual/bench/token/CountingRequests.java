package dev.eventual.bench.token;

import org.springframework.http.HttpRequest;
import org.springframework.http.client.ClientHttpRequestExecution;
import org.springframework.http.client.ClientHttpRequestInterceptor;
import org.springframework.http.client.ClientHttpResponse;

import java.io.IOException;
import java.util.concurrent.atomic.AtomicLong;

/** Counts the decoder's HTTP calls to the issuer (discovery, keys): the work counter of the token check. */
final class CountingRequests implements ClientHttpRequestInterceptor {

    private final AtomicLong count = new AtomicLong();

    @Override
    public ClientHttpResponse intercept(HttpRequest request, byte[] body, ClientHttpRequestExecution execution) throws IOException {
        count.incrementAndGet();
        return execution.execute(request, body);
    }

    long count() {
        return count.get();
    }
}
