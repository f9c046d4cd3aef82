package dev.eventual.web;

import com.nimbusds.jwt.JWTClaimsSet;
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
 * and Spring MVC, with really signed tokens: an {@link Allowed} act needs a valid bearer token with a
 * role it allows or, from a service, a scope it allows; {@code /internal/**} is for services only; a
 * public or internal handler without an act stops the start, and every refusal is a problem.
 */
@WebMvcTest(properties = {"spring.security.oauth2.resourceserver.jwt.issuer-uri=" + TestJwts.ISSUER,
        "spring.security.oauth2.resourceserver.jwt.jwk-set-uri=" + TestJwts.ISSUER + "/never-fetched",
        "spring.security.oauth2.resourceserver.jwt.audiences=" + TestJwts.AUDIENCE})
class CallerSecurityTest {

    private static final String ALICE = TestJwts.token("alice", "customer", 1L);
    private static final String ADAM = TestJwts.token("adam", "admin", null);
    /** A service's client token with the scope the internal echo takes. */
    private static final String ECHOER = TestJwts.client("echo-service", "things.echo");
    private static final String PAYER = TestJwts.client("payer", "things.confirm");
    private static final String ECHO_NEEDS = "echoing things is for the suite's services: it needs an access token of a client"
            + " with scope things.echo (Authorization: Bearer ...)";

    @Autowired
    MockMvc mvc;

    @Autowired
    ApplicationContext context;

    @Test
    void internalPathsNeedAClientTokenWithTheirScope() throws Exception {
        unauthorized(internal("/internal/echo", null), ECHO_NEEDS);
        mvc.perform(internal("/internal/echo", "wrong")).andExpect(status().isUnauthorized())
                .andExpect(jsonPath("$.detail").value(org.hamcrest.Matchers.startsWith("echoing things: the bearer token was refused")));
        // a person's token is no service's, and a client's scopes open only their own acts
        forbidden(internal("/internal/echo", ADAM), "echoing things is for a client with scope things.echo; the caller is admin");
        forbidden(internal("/internal/echo", PAYER),
                "echoing things is for a client with scope things.echo; the caller is client payer with scope things.confirm");
        mvc.perform(internal("/internal/echo", ECHOER)).andExpect(status().isOk()).andExpect(content().string("7"));
        // another identity provider's form of the claim (Keycloak: one space-delimited string)
        String keycloakStyle = TestJwts.sign(TestJwts.claims("echo-service", "none", null).claim("roles", List.of())
                .claim("scope", "profile things.echo").build());
        mvc.perform(internal("/internal/echo", keycloakStyle)).andExpect(status().isOk());
    }

    @Test
    void anInternalPathNoHandlerServesIsForAuthenticatedCallersOnly() throws Exception {
        unauthorized(internal("/internal/nothing-here", null), "this request needs a bearer access token (Authorization: Bearer ...)");
        mvc.perform(internal("/internal/nothing-here", ECHOER)).andExpect(status().isNotFound());
    }

    @Test
    void pathParametersAndEncodingDoNotHideAnInternalPath() throws Exception {
        unauthorized(internal("/internal;x=1/echo", null), ECHO_NEEDS);
        unauthorized(internal("/internal;/echo", null), ECHO_NEEDS);
        unauthorized(internal("/%69nternal/echo", null), ECHO_NEEDS);
        mvc.perform(internal("/internal;x=1/echo", ECHOER)).andExpect(status().isOk());
        mvc.perform(internal("/%69nternal/echo", ECHOER)).andExpect(status().isOk());
    }

    @Test
    void anActNeedsABearerTokenWithARoleItAllows() throws Exception {
        unauthorized(get("/api/things/1"), "reading things needs a bearer access token (Authorization: Bearer ...)");
        mvc.perform(bearer(get("/api/things/1"), ALICE)).andExpect(status().isOk())
                .andExpect(jsonPath("$.subject").value("alice")).andExpect(jsonPath("$.customerId").value(1));
        forbidden(bearer(setThing("{\"quantity\":5}"), ALICE), "setting things is for admin; the caller is customer");
        mvc.perform(bearer(setThing("{\"quantity\":5}"), ADAM)).andExpect(status().isOk()).andExpect(content().string("5"));
        // a service's client token is no admin
        forbidden(bearer(setThing("{\"quantity\":5}"), PAYER),
                "setting things is for admin; the caller is client payer with scope things.confirm");
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
    void anActThatAllowsServicesTakesTheirClientTokenWithItsScope() throws Exception {
        String pinger = TestJwts.client("pinger", "things.ping");
        mvc.perform(bearer(post("/api/things/1/ping"), pinger)).andExpect(status().isOk()).andExpect(content().string("pinger"));
        mvc.perform(bearer(post("/api/things/1/ping"), ADAM)).andExpect(status().isOk()).andExpect(content().string("adam"));
        forbidden(bearer(post("/api/things/1/ping"), ALICE),
                "pinging things is for admin or a client with scope things.ping; the caller is customer");
        forbidden(bearer(post("/api/things/1/ping"), ECHOER),
                "pinging things is for admin or a client with scope things.ping; the caller is client echo-service with scope things.echo");
    }

    @Test
    void theOldServiceTokenHeaderOpensNothing() throws Exception {
        unauthorized(internal("/internal/echo", null).header("X-Eventual-Service-Token", "a-sufficiently-long-token"), ECHO_NEEDS);
        unauthorized(post("/api/things/1/confirm").header("X-Eventual-Service-Token", "a-sufficiently-long-token"),
                "confirming things is for the suite's services: it needs an access token of a client with scope things.confirm"
                        + " (Authorization: Bearer ...)");
    }

    @Test
    void aPersonsTokenWithAServiceRoleClaimIsNoService() throws Exception {
        // "service" was once a role; no roles claim makes a service now, only a scope the authorization server granted
        forbidden(bearer(post("/api/things/1/confirm"), TestJwts.token("mallory", "service", null)),
                "confirming things is for a client with scope things.confirm; the caller is none of these");
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
                .withConfiguration(AutoConfigurations.of(WebSupportAutoConfiguration.class, CallerSecurityAutoConfiguration.class,
                        WebMvcAutoConfiguration.class, ServletWebSecurityAutoConfiguration.class, SecurityAutoConfiguration.class))
                .withBean(JwtDecoder.class, TestJwts::decoder)
                .withBean(UndeclaredController.class)
                .run(context -> assertThat(context).hasFailed().getFailure().rootCause()
                        .hasMessageContaining("/api/undeclared").hasMessageContaining("without @Allowed"));
    }

    @Test
    void anInternalHandlerThatDoesNotSayWhoMayCallItStopsTheStart() {
        new WebApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(WebSupportAutoConfiguration.class, CallerSecurityAutoConfiguration.class,
                        WebMvcAutoConfiguration.class, ServletWebSecurityAutoConfiguration.class, SecurityAutoConfiguration.class))
                .withBean(JwtDecoder.class, TestJwts::decoder)
                .withBean(UndeclaredInternalController.class)
                .run(context -> assertThat(context).hasFailed().getFailure().rootCause()
                        .hasMessageContaining("/internal/undeclared").hasMessageContaining("without @Allowed"));
    }

    @Test
    void anActOnlyServicesMakeSaysWhichScopeItNeeds() throws Exception {
        unauthorized(post("/api/things/1/confirm"), "confirming things is for the suite's services: it needs an access token"
                + " of a client with scope things.confirm (Authorization: Bearer ...)");
        forbidden(bearer(post("/api/things/1/confirm"), ADAM),
                "confirming things is for a client with scope things.confirm; the caller is admin");
        mvc.perform(bearer(post("/api/things/1/confirm"), PAYER)).andExpect(status().isOk()).andExpect(content().string("payer"));
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
        unauthorized(internal("/internal/echo", null).header("Content-Encoding", "gzip"), ECHO_NEEDS);
        mvc.perform(internal("/internal/echo", ECHOER).header("Content-Encoding", "gzip"))
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
        assertThat(result.getResponse().getHeaderNames()).doesNotContain("Set-Cookie");
        List<String> filters = context.getBean(FilterChainProxy.class).getFilterChains().get(0).getFilters().stream()
                .map(filter -> filter.getClass().getSimpleName()).toList();
        // the RFC 9728 metadata filter tells clients which authorization server issues the tokens
        assertThat(filters).containsExactly("WebAsyncManagerIntegrationFilter", "HeaderWriterFilter",
                "OAuth2ProtectedResourceMetadataFilter", "BearerTokenAuthenticationFilter", "ExceptionTranslationFilter",
                "AuthorizationFilter");
    }

    @Test
    void answersAndRefusalsCarryTheHeadersABrowserExpects() throws Exception {
        for (MockHttpServletRequestBuilder request : List.of(bearer(get("/api/things/1"), ALICE), get("/api/things/1"),
                internal("/internal/echo", ECHOER))) {
            mvc.perform(request)
                    .andExpect(header().string("X-Content-Type-Options", "nosniff"))
                    .andExpect(header().string("X-Frame-Options", "DENY"))
                    .andExpect(header().string("Cache-Control", org.hamcrest.Matchers.containsString("no-store")));
        }
    }

    @Test
    void theChainAddsNoObservationsOfItsOwn() throws Exception {
        observed.clear();
        mvc.perform(internal("/internal/echo", ECHOER)).andExpect(status().isOk());
        mvc.perform(bearer(get("/api/things/1"), ALICE)).andExpect(status().isOk());
        unauthorized(internal("/internal/echo", null), ECHO_NEEDS);

        assertThat(observed).noneMatch(name -> name.startsWith("spring.security"));
    }

    /** The decoder Spring Boot builds, with every validator, sits behind the verified-token cache (issue 41). */
    @Test
    void aTokenOneCharacterAwayFromAVerifiedOneIsRefused() throws Exception {
        assertThat(context.getBean(JwtDecoder.class)).isInstanceOf(VerifiedTokens.class);
        mvc.perform(bearer(get("/api/things/1"), ALICE)).andExpect(status().isOk());
        mvc.perform(bearer(get("/api/things/1"), ALICE)).andExpect(status().isOk());
        int at = ALICE.length() - 10;
        String changed = ALICE.substring(0, at) + (ALICE.charAt(at) == 'A' ? 'B' : 'A') + ALICE.substring(at + 1);

        mvc.perform(bearer(get("/api/things/1"), changed)).andExpect(status().isUnauthorized());
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
        return token == null ? request : bearer(request, token);
    }

    private static MockHttpServletRequestBuilder setThing(String body) {
        return put("/api/things/1").contentType(MediaType.APPLICATION_JSON).content(body);
    }

    record Thing(@NotNull @Min(0) Integer quantity) {
    }

    @RestController
    static class ThingController {

        @Allowed(act = "echoing things", scopes = "things.echo")
        @PostMapping("/internal/echo")
        int echo(@RequestBody Thing thing) {
            return thing.quantity();
        }

        /** Neither public nor internal: open, as health and the documents are. */
        @PostMapping("/internalish")
        int echoOpenly(@RequestBody Thing thing) {
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

        @Allowed(act = "pinging things", value = CallerRole.ADMIN, scopes = "things.ping")
        @PostMapping("/api/things/{id}/ping")
        String ping(@PathVariable String id, Caller caller) {
            return caller.subject();
        }

        @Allowed(act = "confirming things", scopes = "things.confirm")
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

    @RestController
    static class UndeclaredInternalController {

        @PostMapping("/internal/undeclared")
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
