package dev.eventual.web;

import dev.eventual.common.messaging.InternalAuth;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationHandler;
import io.micrometer.observation.ObservationRegistry;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;
import org.springframework.context.ApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.http.MediaType;
import org.springframework.security.core.userdetails.UserDetailsService;
import org.springframework.security.web.FilterChainProxy;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.MvcResult;
import org.springframework.test.web.servlet.ResultActions;
import org.springframework.test.web.servlet.request.MockHttpServletRequestBuilder;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RestController;

import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.put;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

/**
 * The service-token guard through the real filter chain (body limit, Spring Security, content-coding
 * check) and Spring MVC: {@code /internal/**} and {@link RequiresServiceToken} acts need the token,
 * everything else is open, and every refusal is a problem.
 */
@WebMvcTest(properties = "eventual.security.service-token=" + ServiceTokenSecurityTest.TOKEN)
class ServiceTokenSecurityTest {

    static final String TOKEN = "a-sufficiently-long-token";

    @Autowired
    MockMvc mvc;

    @Autowired
    ApplicationContext context;

    @Test
    void internalPathsNeedTheRightToken() throws Exception {
        refused(internal("/internal/echo", null), "missing " + InternalAuth.TOKEN_HEADER + " header");
        refused(internal("/internal/echo", "wrong"), "wrong " + InternalAuth.TOKEN_HEADER + " header");
        refused(internal("/internal/echo", ""), "wrong " + InternalAuth.TOKEN_HEADER + " header");
        refused(internal("/internal/echo", TOKEN.toUpperCase()), "wrong " + InternalAuth.TOKEN_HEADER + " header");
        mvc.perform(internal("/internal/echo", TOKEN)).andExpect(status().isOk()).andExpect(content().string("7"));
    }

    @Test
    void pathParametersAndEncodingDoNotHideAnInternalPath() throws Exception {
        refused(internal("/internal;x=1/echo", null), "missing " + InternalAuth.TOKEN_HEADER + " header");
        refused(internal("/internal;/echo", null), "missing " + InternalAuth.TOKEN_HEADER + " header");
        refused(internal("/%69nternal/echo", null), "missing " + InternalAuth.TOKEN_HEADER + " header");
        // the same requests with the token reach the internal handler: the guard and MVC see one path
        mvc.perform(internal("/internal;x=1/echo", TOKEN)).andExpect(status().isOk());
        mvc.perform(internal("/%69nternal/echo", TOKEN)).andExpect(status().isOk());
    }

    @Test
    void openPathsPassWithoutATokenAndAWrongOneChangesNothing() throws Exception {
        mvc.perform(get("/api/things/1")).andExpect(status().isOk());
        mvc.perform(get("/api/things/1").header(InternalAuth.TOKEN_HEADER, "wrong")).andExpect(status().isOk());
        mvc.perform(post("/internalish").contentType(MediaType.APPLICATION_JSON).content("{\"quantity\":7}"))
                .andExpect(status().isOk());
        // an unmapped open path is MVC's 404, not the guard's 401
        mvc.perform(get("/api/nothing")).andExpect(status().isNotFound());
    }

    @Test
    void anAdminActIsRefusedBeforeItsBodyIsRead() throws Exception {
        String detail = "setting things needs the " + InternalAuth.TOKEN_HEADER + " header";
        refused(setThing("{\"quantity\":5}", null), detail);
        refused(setThing("{\"quantity\":5}", "wrong"), detail);
        // without the token a bad body, a malformed one or another content type tells nothing about a valid request
        refused(setThing("{\"quantity\":-1}", null), detail);
        refused(setThing("{\"quantity\":", null), detail);
        refused(setThing("{\"quantity\":5,\"price\":1}", null), detail);
        refused(put("/api/things/1").contentType(MediaType.TEXT_PLAIN).content("5"), detail);

        mvc.perform(setThing("{\"quantity\":-1}", TOKEN)).andExpect(status().isBadRequest());
        mvc.perform(setThing("{\"quantity\":5}", TOKEN)).andExpect(status().isOk()).andExpect(content().string("5"));
        // the annotation guards its own method only: reading the same path is open
        mvc.perform(get("/api/things/1")).andExpect(status().isOk());
    }

    @Test
    void theTokenIsCheckedBeforeTheContentCoding() throws Exception {
        refused(internal("/internal/echo", null).header("Content-Encoding", "gzip"),
                "missing " + InternalAuth.TOKEN_HEADER + " header");
        mvc.perform(internal("/internal/echo", TOKEN).header("Content-Encoding", "gzip"))
                .andExpect(status().isUnsupportedMediaType());
    }

    @Test
    void aUrlTheFirewallRefusesIsAProblem() throws Exception {
        mvc.perform(get(URI.create("/api/things/%2e%2e/1")))
                .andExpect(status().isBadRequest())
                .andExpect(content().contentTypeCompatibleWith(MediaType.APPLICATION_PROBLEM_JSON))
                .andExpect(jsonPath("$.type").value("urn:eventual:problem:http-400"))
                .andExpect(jsonPath("$.status").value(400));
    }

    @Test
    void aHeaderTheFirewallRefusesWhenReadIsAProblemNotAnError() throws Exception {
        // Tomcat passes a raw byte 0x85 as obs-text, a C1 control character that the firewall refuses once it is read
        mvc.perform(get("/api/things/1").header("X-Note", "a\u0085b"))
                .andExpect(status().isBadRequest())
                .andExpect(content().contentTypeCompatibleWith(MediaType.APPLICATION_PROBLEM_JSON))
                .andExpect(jsonPath("$.type").value("urn:eventual:problem:http-400"));
    }

    @Test
    void theChainIsStatelessAndMinimal() throws Exception {
        MvcResult result = mvc.perform(internal("/internal/echo", TOKEN)).andExpect(status().isOk()).andReturn();

        assertThat(result.getRequest().getSession(false)).isNull();
        assertThat(result.getResponse().getHeaderNames()).doesNotContain("Set-Cookie", "Cache-Control", "X-Frame-Options");
        List<String> filters = context.getBean(FilterChainProxy.class).getFilterChains().get(0).getFilters().stream()
                .map(filter -> filter.getClass().getSimpleName()).toList();
        assertThat(filters).containsExactly("WebAsyncManagerIntegrationFilter", "AuthenticationFilter",
                "ExceptionTranslationFilter", "AuthorizationFilter");
    }

    @Test
    void theChainAddsNoObservationsOfItsOwn() throws Exception {
        observed.clear();
        mvc.perform(internal("/internal/echo", TOKEN)).andExpect(status().isOk());
        refused(internal("/internal/echo", null), "missing " + InternalAuth.TOKEN_HEADER + " header");

        assertThat(observed).noneMatch(name -> name.startsWith("spring.security"));
    }

    @Test
    void noUserIsGenerated() {
        assertThat(context.getBeansOfType(UserDetailsService.class)).isEmpty();
    }

    private void refused(MockHttpServletRequestBuilder request, String detail) throws Exception {
        ResultActions result = mvc.perform(request)
                .andExpect(status().isUnauthorized())
                .andExpect(content().contentTypeCompatibleWith(MediaType.APPLICATION_PROBLEM_JSON))
                .andExpect(jsonPath("$.type").value("urn:eventual:problem:unauthorized"))
                .andExpect(jsonPath("$.title").value("Unauthorized"))
                .andExpect(jsonPath("$.status").value(401))
                .andExpect(jsonPath("$.detail").value(detail));
        assertThat(result.andReturn().getRequest().getSession(false)).isNull();
    }

    private static MockHttpServletRequestBuilder internal(String path, String token) {
        MockHttpServletRequestBuilder request = post(URI.create(path)).contentType(MediaType.APPLICATION_JSON)
                .content("{\"quantity\":7}");
        return token == null ? request : request.header(InternalAuth.TOKEN_HEADER, token);
    }

    private static MockHttpServletRequestBuilder setThing(String body, String token) {
        MockHttpServletRequestBuilder request = put("/api/things/1").contentType(MediaType.APPLICATION_JSON).content(body);
        return token == null ? request : request.header(InternalAuth.TOKEN_HEADER, token);
    }

    record Thing(@NotNull @Min(0) Integer quantity) {
    }

    @RestController
    static class ThingController {

        @PostMapping({"/internal/echo", "/internalish"})
        int echo(@RequestBody Thing thing) {
            return thing.quantity();
        }

        @GetMapping("/api/things/{id}")
        Map<String, String> read(@PathVariable String id, @RequestHeader(name = "X-Note", required = false) String note) {
            return Map.of("id", id);
        }

        @RequiresServiceToken("setting things")
        @PutMapping(path = "/api/things/{id}", consumes = MediaType.APPLICATION_JSON_VALUE)
        int set(@PathVariable String id, @Valid @RequestBody Thing thing) {
            return thing.quantity();
        }
    }

    /** Names of every observation started, as an application with Micrometer would record them. */
    static final List<String> observed = new CopyOnWriteArrayList<>();

    @SpringBootConfiguration
    @ImportAutoConfiguration({WebSupportAutoConfiguration.class, ServiceTokenSecurityAutoConfiguration.class})
    @Import(ThingController.class)
    static class TestApplication {

        @Bean
        ObservationRegistry observationRegistry() {
            ObservationRegistry registry = ObservationRegistry.create();
            registry.observationConfig().observationHandler(new ObservationHandler<>() {
                @Override
                public void onStart(Observation.Context context) {
                    observed.add(context.getName());
                }

                @Override
                public boolean supportsContext(Observation.Context context) {
                    return true;
                }
            });
            return registry;
        }
    }
}
