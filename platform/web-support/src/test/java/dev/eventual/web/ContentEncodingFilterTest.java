package dev.eventual.web;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.mock.web.MockFilterChain;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;

class ContentEncodingFilterTest {

    private static final byte[] BODY = "{\"userId\":1,\"skuId\":1,\"quantity\":1}".getBytes(StandardCharsets.UTF_8);

    private final ContentEncodingFilter filter = new ContentEncodingFilter();

    @ParameterizedTest
    @ValueSource(strings = {"gzip", "GZIP", "deflate", "br", "compress", "zstd", "x-custom", "identity, gzip", "gzip, identity"})
    void aBodyWithAnyCodingButIdentityIs415NamingTheHeader(String coding) throws Exception {
        MockHttpServletRequest request = post(BODY);
        request.addHeader("Content-Encoding", coding);
        MockFilterChain chain = new MockFilterChain();

        MockHttpServletResponse response = run(request, chain);

        assertThat(chain.getRequest()).as("passed on to the service").isNull();
        assertThat(response.getStatus()).isEqualTo(415);
        assertThat(response.getHeader("Accept-Encoding")).isEqualTo("identity");
        assertThat(response.getContentType()).startsWith("application/problem+json");
        JsonNode problem = JsonMapper.builder().build().readTree(response.getContentAsString());
        assertThat(problem.path("type").asString()).isEqualTo("urn:eventual:problem:unsupported-media-type");
        assertThat(problem.path("status").asInt()).isEqualTo(415);
        assertThat(problem.path("detail").asString()).contains("Content-Encoding");
        assertThat(problem.path("invalidParams").findValuesAsString("name")).containsExactly("Content-Encoding");
    }

    @Test
    void aCodingOnASecondHeaderLineCountsToo() throws Exception {
        MockHttpServletRequest request = post(BODY);
        request.addHeader("Content-Encoding", "identity");
        request.addHeader("Content-Encoding", "gzip");

        assertThat(run(request, new MockFilterChain()).getStatus()).isEqualTo(415);
    }

    @ParameterizedTest
    @ValueSource(strings = {"identity", "IDENTITY", " identity ", ""})
    void identityOrNothingPasses(String coding) throws Exception {
        MockHttpServletRequest request = post(BODY);
        request.addHeader("Content-Encoding", coding);

        assertThat(passes(request)).isTrue();
        assertThat(passes(post(BODY))).as("no header").isTrue();
    }

    @Test
    void aChunkedBodyIsCheckedAsWell() throws Exception {
        MockHttpServletRequest request = new MockHttpServletRequest("POST", "/api/orders");
        request.addHeader("Transfer-Encoding", "chunked");
        request.addHeader("Content-Encoding", "gzip");

        assertThat(passes(request)).isFalse();
    }

    @Test
    void aRequestWithoutABodyHasNothingTheLabelCouldApplyTo() throws Exception {
        MockHttpServletRequest request = new MockHttpServletRequest("GET", "/api/orders/1");
        request.addHeader("Content-Encoding", "gzip");

        assertThat(passes(request)).isTrue();
    }

    private boolean passes(MockHttpServletRequest request) throws Exception {
        MockFilterChain chain = new MockFilterChain();
        run(request, chain);
        return chain.getRequest() != null;
    }

    private MockHttpServletResponse run(MockHttpServletRequest request, MockFilterChain chain) throws Exception {
        MockHttpServletResponse response = new MockHttpServletResponse();
        filter.doFilter(request, response, chain);
        return response;
    }

    private static MockHttpServletRequest post(byte[] body) {
        MockHttpServletRequest request = new MockHttpServletRequest("POST", "/api/orders");
        request.setContentType("application/json");
        request.setContent(body);
        return request;
    }
}
