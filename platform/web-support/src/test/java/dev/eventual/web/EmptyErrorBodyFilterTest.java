package dev.eventual.web;

import jakarta.servlet.FilterChain;
import jakarta.servlet.http.HttpServletResponse;
import org.junit.jupiter.api.Test;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;

import static org.assertj.core.api.Assertions.assertThat;

class EmptyErrorBodyFilterTest {

    private final EmptyErrorBodyFilter filter = new EmptyErrorBodyFilter();

    @Test
    void aBareActuatorErrorGetsAProblemBodyEvenWhenTheHandlerFlushed() throws Exception {
        MockHttpServletResponse response = run("/actuator/metrics/no.such.metric", (request, answer) -> {
            ((HttpServletResponse) answer).setStatus(404);
            answer.flushBuffer();
        });

        assertThat(response.getStatus()).isEqualTo(404);
        assertThat(response.getContentType()).startsWith("application/problem+json");
        assertThat(response.getContentAsString()).contains("\"status\":404").contains("\"title\":\"Not Found\"");
    }

    @Test
    void anErrorWithItsOwnBodyOrAnErrorPageIsLeftAlone() throws Exception {
        MockHttpServletResponse withBody = run("/actuator/health", (request, answer) -> {
            ((HttpServletResponse) answer).setStatus(503);
            answer.getWriter().write("{\"status\":\"DOWN\"}");
        });
        MockHttpServletResponse sentError = run("/actuator/metrics", (request, answer) ->
                ((HttpServletResponse) answer).sendError(405));

        assertThat(withBody.getContentAsString()).isEqualTo("{\"status\":\"DOWN\"}");
        assertThat(sentError.getStatus()).isEqualTo(405);
        assertThat(sentError.getContentAsString()).isEmpty();
    }

    @Test
    void successesAndOtherPathsPassUntouched() throws Exception {
        MockHttpServletResponse ok = run("/actuator/health", (request, answer) -> answer.flushBuffer());
        MockHttpServletResponse api = run("/api/orders/1", (request, answer) ->
                ((HttpServletResponse) answer).setStatus(404));

        assertThat(ok.isCommitted()).isTrue();
        assertThat(ok.getContentAsString()).isEmpty();
        assertThat(api.getStatus()).isEqualTo(404);
        assertThat(api.getContentAsString()).isEmpty();
    }

    private MockHttpServletResponse run(String path, FilterChain chain) throws Exception {
        MockHttpServletResponse response = new MockHttpServletResponse();
        filter.doFilter(new MockHttpServletRequest("GET", path), response, chain);
        return response;
    }
}
