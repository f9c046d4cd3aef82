package dev.eventual.reconcile.workorder;

import dev.eventual.infra.test.ApiDocsCheck;
import dev.eventual.reconcile.support.ReconcileJobIT;
import jakarta.servlet.Filter;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.HttpMethod;
import org.springframework.http.MediaType;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.request.MockHttpServletRequestBuilder;
import org.springframework.test.web.servlet.request.MockMvcRequestBuilders;
import org.springframework.test.web.servlet.setup.MockMvcBuilders;
import org.springframework.web.context.WebApplicationContext;
import tools.jackson.databind.json.JsonMapper;

import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The OpenAPI document says what reconcile-job really answers, and which calls need the service
 * token. The job's tests share one context without a server port, so the requests go through
 * MockMvc with the service's own security filter chain in front.
 */
@ReconcileJobIT
class OpenApiDocsIT {

    @Autowired
    WebApplicationContext context;

    @Test
    void describesTheRunningService() throws Exception {
        MockMvc mvc = MockMvcBuilders.webAppContextSetup(context)
                .addFilters(context.getBean("springSecurityFilterChain", Filter.class)).build();
        String json = mvc.perform(MockMvcRequestBuilders.get("/v3/api-docs")).andReturn().getResponse().getContentAsString();
        ApiDocsCheck docs = ApiDocsCheck.of(JsonMapper.builder().build().readTree(json));

        Set<String> guarded = docs.assertDescribes("reconcile-job", (method, path, body) -> {
            MockHttpServletRequestBuilder request = MockMvcRequestBuilders.request(HttpMethod.valueOf(method), path);
            if (body != null) {
                request.contentType(MediaType.APPLICATION_JSON).content(body);
            }
            try {
                return mvc.perform(request).andReturn().getResponse().getStatus();
            } catch (Exception e) {
                throw new IllegalStateException(method + " " + path, e);
            }
        });

        assertThat(guarded).contains("POST /api/work-orders/{id}/resolve", "GET /api/work-orders");
        assertThat(docs.credentials("GET", "/api/work-orders")).containsExactly("bearer");
        assertThat(docs.credentials("POST", "/api/work-orders/{id}/resolve")).containsExactly("bearer");
        assertThat(docs.responseCodes("POST", "/api/work-orders/{id}/resolve")).contains("200", "401", "404", "409", "503");
    }
}
