package dev.eventual.web;

import org.junit.jupiter.api.Test;
import org.springframework.mock.web.MockFilterChain;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;
import org.springframework.util.unit.DataSize;

import static org.assertj.core.api.Assertions.assertThat;

/** Public bodies keep the small limit; internal batches (token holders only) get the larger one. */
class RequestBodyLimitFilterTest {

    private final RequestBodyLimitFilter filter = new RequestBodyLimitFilter(
            new RequestLimitProperties(DataSize.ofKilobytes(16), DataSize.ofKilobytes(512)));

    @Test
    void aPublicBodyAboveTheLimitIs413() throws Exception {
        assertThat(statusOf("/api/orders", 20_000)).isEqualTo(413);
        assertThat(statusOf("/api/orders", 16_000)).isEqualTo(200);
    }

    @Test
    void anInternalBatchMayBeLargerButNotUnbounded() throws Exception {
        assertThat(statusOf("/internal/orders/consumer-reports", 300_000)).isEqualTo(200);
        assertThat(statusOf("/internal/orders/consumer-reports", 600_000)).isEqualTo(413);
        // the same decoded path the token guard sees
        assertThat(statusOf("/%69nternal/orders/consumer-reports", 300_000)).isEqualTo(200);
        assertThat(statusOf("/internalish", 300_000)).isEqualTo(413);
    }

    private int statusOf(String path, int bodyBytes) throws Exception {
        MockHttpServletRequest request = new MockHttpServletRequest("POST", path);
        request.setContent(new byte[bodyBytes]);
        MockHttpServletResponse response = new MockHttpServletResponse();
        filter.doFilter(request, response, new MockFilterChain());
        return response.getStatus();
    }
}
