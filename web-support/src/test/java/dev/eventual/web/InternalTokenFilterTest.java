package dev.eventual.web;

import dev.eventual.common.messaging.InternalAuth;
import org.junit.jupiter.api.Test;
import org.springframework.mock.web.MockFilterChain;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;

import static org.assertj.core.api.Assertions.assertThat;

class InternalTokenFilterTest {

    private static final String TOKEN = "a-sufficiently-long-token";
    private final InternalTokenFilter filter = new InternalTokenFilter(new ServiceTokenProperties(TOKEN));

    @Test
    void internalPathsNeedTheRightToken() throws Exception {
        assertThat(statusOf("/internal/orders/1/consumer-status", null)).isEqualTo(401);
        assertThat(statusOf("/internal/orders/1/consumer-status", "wrong")).isEqualTo(401);
        assertThat(statusOf("/internal/orders/1/consumer-status", TOKEN)).isEqualTo(200);
    }

    @Test
    void pathParametersAndEncodingDoNotHideAnInternalPath() throws Exception {
        assertThat(statusOf("/internal;x=1/orders/1/consumer-status", null)).isEqualTo(401);
        assertThat(statusOf("/internal;/inventory/status", null)).isEqualTo(401);
        assertThat(statusOf("/%69nternal/orders/1/consumer-status", null)).isEqualTo(401);
    }

    @Test
    void publicPathsPassWithoutAToken() throws Exception {
        assertThat(statusOf("/api/orders", null)).isEqualTo(200);
        assertThat(statusOf("/internalish", null)).isEqualTo(200);
    }

    @Test
    void refusalIsAProblemNamingTheHeader() throws Exception {
        MockHttpServletResponse response = run("/internal/x", null);

        assertThat(response.getContentType()).startsWith("application/problem+json");
        assertThat(response.getContentAsString()).contains("\"status\":401").contains(InternalAuth.TOKEN_HEADER);
    }

    private int statusOf(String path, String token) throws Exception {
        return run(path, token).getStatus();
    }

    private MockHttpServletResponse run(String path, String token) throws Exception {
        MockHttpServletRequest request = new MockHttpServletRequest("POST", path);
        if (token != null) {
            request.addHeader(InternalAuth.TOKEN_HEADER, token);
        }
        MockHttpServletResponse response = new MockHttpServletResponse();
        filter.doFilter(request, response, new MockFilterChain());
        return response;
    }
}
