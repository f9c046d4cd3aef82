package dev.eventual.web;

import com.nimbusds.jwt.JWTClaimsSet;
import dev.eventual.common.messaging.InternalAuth;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationHandler;
import io.micrometer.observation.ObservationRegistry;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.RequestDispatcher;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.security.autoconfigure.SecurityAutoConfiguration;
import org.springframework.boot.security.oauth2.server.resource.autoconfigure.JwkSetUriJwtDecoderBuilderCustomizer;
import org.springframework.boot.security.autoconfigure.web.servlet.ServletWebSecurityAutoConfiguration;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.boot.webmvc.autoconfigure.WebMvcAutoConfiguration;
import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;
import org.springframework.context.ApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.http.MediaType;
import org.springframework.security.core.userdetails.UserDetailsService;
import org.springframework.security.oauth2.jwt.JwtDecoder;
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
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Date;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.delete;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.put;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.header;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

/**
 * Who may do what, through the real filter chain (body limit, Spring Security, content-coding check)
 * and Spring MVC, with really signed tokens: {@code /internal/**} needs the service token, an
 * {@link Allowed} act a valid bearer token with a role it allows (or the service token where it allows
 * services), a public handler without an act stops the start, and every refusal is a problem.
 */
@WebMvcTest(properties = {"eventual.security.service-token=" + CallerSecurityTest.TOKEN,
        "spring.security.oauth2.resourceserver.jwt.issuer-uri=" + TestJwts.ISSUER,
        "spring.security.oauth2.resourceserver.jwt.jwk-set-uri=" + TestJwts.ISSUER + "/never-fetched",
        "spring.security.oauth2.resourceserver.jwt.audiences=" + TestJwts.AUDIENCE})
class CallerSecurityTest {

    static final String TOKEN = "a-sufficiently-long-token";
    private static final String ALICE = TestJwts.token("alice", "customer", 1L);
    private static final String ADAM = TestJwts.token("adam", "admin", null);

    @Autowired
    MockMvc mvc;

    @Autowired
    ApplicationContext context;

    @Test
    void internalPathsNeedTheRightToken() throws Exception {
        unauthorized(internal("/internal/echo", null), "missing " + InternalAuth.TOKEN_HEADER + " header");
        unauthorized(internal("/internal/echo", "wrong"), "wrong " + InternalAuth.TOKEN_HEADER + " header");
        unauthorized(internal("/internal/echo", ""), "wrong " + InternalAuth.TOKEN_HEADER + " header");
        unauthorized(internal("/internal/echo", TOKEN.toUpperCase()), "wrong " + InternalAuth.TOKEN_HEADER + " header");
        // a person's token is no service's
        forbidden(internal("/internal/echo", null).header("Authorization", "Bearer " + ADAM),
                "only the suite's services (" + InternalAuth.TOKEN_HEADER + " header) call /internal/**");
        mvc.perform(internal("/internal/echo", TOKEN)).andExpect(status().isOk()).andExpect(content().string("7"));
    }

    @Test
    void pathParametersAndEncodingDoNotHideAnInternalPath() throws Exception {
        unauthorized(internal("/internal;x=1/echo", null), "missing " + InternalAuth.TOKEN_HEADER + " header");
        unauthorized(internal("/internal;/echo", null), "missing " + InternalAuth.TOKEN_HEADER + " header");
        unauthorized(internal("/%69nternal/echo", null), "missing " + InternalAuth.TOKEN_HEADER + " header");
        mvc.perform(internal("/internal;x=1/echo", TOKEN)).andExpect(status().isOk());
        mvc.perform(internal("/%69nternal/echo", TOKEN)).andExpect(status().isOk());
    }

    @Test
    void anActNeedsABearerTokenWithARoleItAllows() throws Exception {
        unauthorized(get("/api/things/1"), "reading things needs a bearer access token (Authorization: Bearer ...)");
        mvc.perform(bearer(get("/api/things/1"), ALICE)).andExpect(status().isOk())
                .andExpect(jsonPath("$.subject").value("alice")).andExpect(jsonPath("$.customerId").value(1));
        forbidden(bearer(setThing("{\"quantity\":5}"), ALICE), "setting things is for admin; the caller is customer");
        mvc.perform(bearer(setThing("{\"quantity\":5}"), ADAM)).andExpect(status().isOk()).andExpect(content().string("5"));
        // the service token is no admin
        unauthorized(setThing("{\"quantity\":5}").header(InternalAuth.TOKEN_HEADER, TOKEN),
                "setting things needs a bearer access token (Authorization: Bearer ...)");
    }

    @Test
    void aCallerWithoutTheRoleLearnsNothingAboutTheBody() throws Exception {
        String detail = "setting things needs a bearer access token (Authorization: Bearer ...)";
        unauthorized(setThing("{\"quantity\":-1}"), detail);
        unauthorized(setThing("{\"quantity\":"), detail);
        unauthorized(setThing("{\"quantity\":5,\"price\":1}"), detail);
        unauthorized(put("/api/things/1").contentType(MediaType.TEXT_PLAIN).content("5"), detail);
        forbidden(bearer(setThing("{\"quantity\":-1}"), ALICE), "setting things is for admin; the caller is customer");
        mvc.perform(bearer(setThing("{\"quantity\":-1}"), ADAM)).andExpect(status().isBadRequest());
    }

    @Test
    void anActThatAllowsServicesTakesTheServiceToken() throws Exception {
        mvc.perform(post("/api/things/1/ping").header(InternalAuth.TOKEN_HEADER, TOKEN)).andExpect(status().isOk())
                .andExpect(content().string("service"));
        mvc.perform(bearer(post("/api/things/1/ping"), ADAM)).andExpect(status().isOk()).andExpect(content().string("adam"));
        unauthorized(post("/api/things/1/ping").header(InternalAuth.TOKEN_HEADER, "wrong"),
                "pinging things: wrong " + InternalAuth.TOKEN_HEADER + " header");
        forbidden(bearer(post("/api/things/1/ping"), ALICE), "pinging things is for admin, service; the caller is customer");
    }

    @Test
    void aMethodOrPathNoHandlerServesIsSpringMvcsAnswerToACallerAndUnauthorizedToAnyoneElse() throws Exception {
        mvc.perform(bearer(delete("/api/things/1"), ALICE))
                .andExpect(status().isMethodNotAllowed())
                .andExpect(header().string("Allow", org.hamcrest.Matchers.containsString("GET")))
                .andExpect(content().contentTypeCompatibleWith(MediaType.APPLICATION_PROBLEM_JSON));
        mvc.perform(bearer(get("/api/nothing-here"), ALICE))
                .andExpect(status().isNotFound())
                .andExpect(content().contentTypeCompatibleWith(MediaType.APPLICATION_PROBLEM_JSON));
        unauthorized(delete("/api/things/1"), "this request needs a bearer access token (Authorization: Bearer ...)");
        unauthorized(get("/api/nothing-here"), "this request needs a bearer access token (Authorization: Bearer ...)");
    }

    @Test
    void theErrorPageIsNoAddressButShowsTheContainersErrors() throws Exception {
        mvc.perform(get("/error"))
                .andExpect(status().isNotFound())
                .andExpect(content().contentTypeCompatibleWith(MediaType.APPLICATION_PROBLEM_JSON))
                .andExpect(jsonPath("$.type").value("urn:eventual:problem:not-found"))
                .andExpect(jsonPath("$.detail").value("no resource at /error"));
        // what the container forwards there after a sendError keeps its status
        mvc.perform(get("/error").with(request -> {
                    request.setDispatcherType(DispatcherType.ERROR);
                    request.setAttribute(RequestDispatcher.ERROR_STATUS_CODE, 405);
                    request.setAttribute(RequestDispatcher.ERROR_REQUEST_URI, "/api/things/1");
                    return request;
                }))
                .andExpect(status().isMethodNotAllowed())
                .andExpect(jsonPath("$.status").value(405))
                .andExpect(jsonPath("$.instance").value("/api/things/1"));
    }

    @Test
    void aPublicHandlerThatDoesNotSayWhoMayCallItStopsTheStart() {
        new WebApplicationContextRunner()
                .withPropertyValues("eventual.security.service-token=" + TOKEN)
                .withConfiguration(AutoConfigurations.of(WebSupportAutoConfiguration.class, CallerSecurityAutoConfiguration.class,
                        WebMvcAutoConfiguration.class, ServletWebSecurityAutoConfiguration.class, SecurityAutoConfiguration.class))
                .withBean(JwtDecoder.class, TestJwts::decoder)
                .withBean(UndeclaredController.class)
                .run(context -> assertThat(context).hasFailed().getFailure().rootCause()
                        .hasMessageContaining("/api/undeclared").hasMessageContaining("without @Allowed"));
    }

    @Test
    void anActOnlyServicesMakeSaysItNeedsTheServiceToken() throws Exception {
        unauthorized(post("/api/things/1/confirm"),
                "confirming things is for the suite's services: it needs the " + InternalAuth.TOKEN_HEADER + " header");
        forbidden(bearer(post("/api/things/1/confirm"), ADAM), "confirming things is for service; the caller is admin");
        mvc.perform(post("/api/things/1/confirm").header(InternalAuth.TOKEN_HEADER, TOKEN)).andExpect(status().isOk());
    }

    @Test
    void forgedExpiredAndMisdirectedTokensAreRefused() throws Exception {
        Instant now = Instant.now();
        JWTClaimsSet alice = TestJwts.claims("alice", "customer", 1L).build();
        Map<String, String> refused = Map.ofEntries(
                Map.entry("expired", TestJwts.token("alice", "customer", 1L, claims -> claims
                        .issueTime(Date.from(now.minus(2, ChronoUnit.HOURS))).notBeforeTime(Date.from(now.minus(2, ChronoUnit.HOURS)))
                        .expirationTime(Date.from(now.minus(1, ChronoUnit.HOURS))))),
                Map.entry("not yet valid", TestJwts.token("alice", "customer", 1L, claims -> claims
                        .notBeforeTime(Date.from(now.plus(1, ChronoUnit.HOURS))))),
                // signed by the trusted key, so only the claim is wrong: good forever, or from the future
                Map.entry("no expiry", TestJwts.token("alice", "customer", 1L, claims -> claims.expirationTime(null))),
                Map.entry("no issue time", TestJwts.token("alice", "customer", 1L, claims -> claims.issueTime(null))),
                Map.entry("issued in the future", TestJwts.token("alice", "customer", 1L, claims -> claims
                        .issueTime(Date.from(now.plus(1, ChronoUnit.HOURS))).expirationTime(Date.from(now.plus(2, ChronoUnit.HOURS))))),
                Map.entry("another issuer", TestJwts.token("alice", "customer", 1L, claims -> claims.issuer("https://evil.test"))),
                Map.entry("another audience", TestJwts.token("alice", "customer", 1L, claims -> claims.audience("someone-else"))),
                Map.entry("alg none", TestJwts.unsigned(alice)),
                Map.entry("HS256 with the public key", TestJwts.signedWithThePublicKey(alice)),
                Map.entry("tampered payload", TestJwts.tampered(ALICE, Map.of("iss", TestJwts.ISSUER, "aud", TestJwts.AUDIENCE,
                        "sub", "alice", "roles", List.of("admin"), "exp", now.plus(1, ChronoUnit.HOURS).getEpochSecond()))),
                Map.entry("not a JWT", "not-a-jwt"));
        for (Map.Entry<String, String> token : refused.entrySet()) {
            MvcResult result = mvc.perform(bearer(get("/api/things/1"), token.getValue()))
                    .andExpect(status().isUnauthorized())
                    .andExpect(header().string("WWW-Authenticate", "Bearer error=\"invalid_token\""))
                    .andExpect(jsonPath("$.type").value("urn:eventual:problem:unauthorized"))
                    .andReturn();
            assertThat(result.getResponse().getContentAsString()).as(token.getKey())
                    .contains("reading things: the bearer token was refused");
        }
    }

    @Test
    void theTokenIsCheckedBeforeTheContentCoding() throws Exception {
        unauthorized(internal("/internal/echo", null).header("Content-Encoding", "gzip"),
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
        mvc.perform(bearer(get("/api/things/1"), ALICE).header("X-Note", "a\u0085b"))
                .andExpect(status().isBadRequest())
                .andExpect(content().contentTypeCompatibleWith(MediaType.APPLICATION_PROBLEM_JSON))
                .andExpect(jsonPath("$.type").value("urn:eventual:problem:http-400"));
    }

    @Test
    void theChainIsStatelessAndMinimal() throws Exception {
        MvcResult result = mvc.perform(bearer(get("/api/things/1"), ALICE)).andExpect(status().isOk()).andReturn();

        assertThat(result.getRequest().getSession(false)).isNull();
        assertThat(result.getResponse().getHeaderNames()).doesNotContain("Set-Cookie", "Cache-Control", "X-Frame-Options");
        List<String> filters = context.getBean(FilterChainProxy.class).getFilterChains().get(0).getFilters().stream()
                .map(filter -> filter.getClass().getSimpleName()).toList();
        // the RFC 9728 metadata filter tells clients which authorization server issues the tokens
        assertThat(filters).containsExactly("WebAsyncManagerIntegrationFilter", "OAuth2ProtectedResourceMetadataFilter",
                "AuthenticationFilter",
                "BearerTokenAuthenticationFilter", "ExceptionTranslationFilter", "AuthorizationFilter");
    }

    @Test
    void theChainAddsNoObservationsOfItsOwn() throws Exception {
        observed.clear();
        mvc.perform(internal("/internal/echo", TOKEN)).andExpect(status().isOk());
        mvc.perform(bearer(get("/api/things/1"), ALICE)).andExpect(status().isOk());
        unauthorized(internal("/internal/echo", null), "missing " + InternalAuth.TOKEN_HEADER + " header");

        assertThat(observed).noneMatch(name -> name.startsWith("spring.security"));
    }

    @Test
    void noUserIsGenerated() {
        assertThat(context.getBeansOfType(UserDetailsService.class)).isEmpty();
    }

    private void unauthorized(MockHttpServletRequestBuilder request, String detail) throws Exception {
        ResultActions result = mvc.perform(request)
                .andExpect(status().isUnauthorized())
                .andExpect(content().contentTypeCompatibleWith(MediaType.APPLICATION_PROBLEM_JSON))
                .andExpect(jsonPath("$.type").value("urn:eventual:problem:unauthorized"))
                .andExpect(jsonPath("$.title").value("Unauthorized"))
                .andExpect(jsonPath("$.status").value(401))
                .andExpect(jsonPath("$.detail").value(detail));
        assertThat(result.andReturn().getRequest().getSession(false)).isNull();
    }

    private void forbidden(MockHttpServletRequestBuilder request, String detail) throws Exception {
        mvc.perform(request)
                .andExpect(status().isForbidden())
                .andExpect(content().contentTypeCompatibleWith(MediaType.APPLICATION_PROBLEM_JSON))
                .andExpect(jsonPath("$.type").value("urn:eventual:problem:forbidden"))
                .andExpect(jsonPath("$.status").value(403))
                .andExpect(jsonPath("$.detail").value(detail));
    }

    private static MockHttpServletRequestBuilder bearer(MockHttpServletRequestBuilder request, String token) {
        return request.header("Authorization", "Bearer " + token);
    }

    private static MockHttpServletRequestBuilder internal(String path, String token) {
        MockHttpServletRequestBuilder request = post(URI.create(path)).contentType(MediaType.APPLICATION_JSON)
                .content("{\"quantity\":7}");
        return token == null ? request : request.header(InternalAuth.TOKEN_HEADER, token);
    }

    private static MockHttpServletRequestBuilder setThing(String body) {
        return put("/api/things/1").contentType(MediaType.APPLICATION_JSON).content(body);
    }

    record Thing(@NotNull @Min(0) Integer quantity) {
    }

    @RestController
    static class ThingController {

        @PostMapping({"/internal/echo", "/internalish"})
        int echo(@RequestBody Thing thing) {
            return thing.quantity();
        }

        @Allowed(act = "reading things", value = {CallerRole.CUSTOMER, CallerRole.OPERATOR, CallerRole.ADMIN})
        @GetMapping("/api/things/{id}")
        Caller read(@PathVariable String id, Caller caller, @RequestHeader(name = "X-Note", required = false) String note) {
            return caller;
        }

        @Allowed(act = "setting things", value = CallerRole.ADMIN)
        @PutMapping(path = "/api/things/{id}", consumes = MediaType.APPLICATION_JSON_VALUE)
        int set(@PathVariable String id, @Valid @RequestBody Thing thing) {
            return thing.quantity();
        }

        @Allowed(act = "pinging things", value = {CallerRole.SERVICE, CallerRole.ADMIN})
        @PostMapping("/api/things/{id}/ping")
        String ping(@PathVariable String id, Caller caller) {
            return caller.subject();
        }

        @Allowed(act = "confirming things", value = CallerRole.SERVICE)
        @PostMapping("/api/things/{id}/confirm")
        String confirm(@PathVariable String id, Caller caller) {
            return caller.subject();
        }
    }

    @RestController
    static class UndeclaredController {

        @GetMapping("/api/undeclared")
        String undeclared() {
            return "reached";
        }
    }

    /** Names of every observation started, as an application with Micrometer would record them. */
    static final List<String> observed = new CopyOnWriteArrayList<>();

    @SpringBootConfiguration
    @ImportAutoConfiguration({WebSupportAutoConfiguration.class, CallerSecurityAutoConfiguration.class})
    @Import(ThingController.class)
    static class TestApplication {

        /** Spring Boot builds the decoder with every validator, as in a service; only the key is given, not fetched. */
        @Bean
        JwkSetUriJwtDecoderBuilderCustomizer testKey() {
            return TestJwts::trustTheTestKey;
        }

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
