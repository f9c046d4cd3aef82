package dev.eventual.web;

import dev.eventual.common.api.RedriveResult;
import dev.eventual.common.event.OrderCreatedEvent;
import dev.eventual.common.status.DownstreamStatus;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.http.converter.autoconfigure.ClientHttpMessageConvertersCustomizer;
import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;
import org.springframework.context.ApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.http.MediaType;
import org.springframework.http.converter.HttpMessageConverter;
import org.springframework.http.converter.HttpMessageConverters;
import org.springframework.mock.http.MockHttpInputMessage;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.ResultActions;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsString;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.header;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

/** The JSON rules every service's request bodies follow, through the real MVC stack of this module. */
@WebMvcTest
class JsonBodiesTest {

    @Autowired
    MockMvc mvc;

    @Autowired
    ApplicationContext context;

    @Test
    void anUnknownFieldIsRefusedNamingItAndTheKnownOnes() throws Exception {
        send("/request", "{\"userId\":\"1\",\"quantity\":1,\"price\":5}")
                .andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.type").value("urn:eventual:problem:validation"))
                .andExpect(jsonPath("$.invalidParams[*].name").value(contains("price")))
                .andExpect(jsonPath("$.invalidParams[0].reason").value(containsString("known fields: quantity, userId")));
        send("/request", "{\"userId\":\"1\",\"quantity\":1,\"Quantity\":2}")
                .andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.invalidParams[*].name").value(contains("Quantity")));
        send("/request", "{\"userId\":\"1\",\"quantity\":1}").andExpect(status().isOk());
    }

    @Test
    void anOrderEventToleratesFieldsANewerProducerAdded() throws Exception {
        send("/event", "{\"schemaVersion\":2,\"orderId\":\"4242\",\"userId\":\"7\",\"skuId\":\"9\",\"quantity\":1,"
                + "\"createdAt\":\"2026-01-01T00:00:00Z\",\"channel\":\"web\",\"lines\":[{\"skuId\":\"9\"}]}")
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.orderId").value(4242));
    }

    @Test
    void aSixtyFourBitIntegerIsANumberOrAnIdString() throws Exception {
        send("/longs", "{\"id\":\"9223372036854775807\",\"boxed\":\"7\",\"more\":[\"1\",2]}")
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.id").value(Long.MAX_VALUE))
                .andExpect(jsonPath("$.boxed").value(7))
                .andExpect(jsonPath("$.more").value(contains(1, 2)));
        send("/longs", "{\"id\":5,\"boxed\":null,\"more\":[]}").andExpect(status().isOk());
    }

    @ParameterizedTest
    @ValueSource(strings = {"\"04242\"", "\"+1\"", "\"-1\"", "\"0\"", "\" 1\"", "\"1 \"", "\"\"", "\"1e3\"", "\"0x10\"",
            "\"\u0661\u0662\"", "\"9223372036854775808\"", "1.5", "true"})
    void anythingElseInALongIsRefusedNamingTheField(String id) throws Exception {
        send("/longs", "{\"id\":" + id + ",\"more\":[]}")
                .andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.invalidParams[*].name").value(contains("id")));
    }

    @Test
    void aStringInA32BitFieldIsStillRefused() throws Exception {
        send("/request", "{\"userId\":\"1\",\"quantity\":\"1\"}")
                .andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.invalidParams[*].name").value(contains("quantity")));
    }

    @Test
    void aCodedBodyIs415AndAPlainOnePasses() throws Exception {
        mvc.perform(post("/request").contentType(MediaType.APPLICATION_JSON).header("Content-Encoding", "gzip")
                        .content("{\"userId\":\"1\",\"quantity\":1}"))
                .andExpect(status().isUnsupportedMediaType())
                .andExpect(header().string("Accept-Encoding", "identity"))
                .andExpect(jsonPath("$.invalidParams[*].name").value(contains("Content-Encoding")));
        mvc.perform(post("/request").contentType(MediaType.APPLICATION_JSON).header("Content-Encoding", "identity")
                        .content("{\"userId\":\"1\",\"quantity\":1}"))
                .andExpect(status().isOk());
    }

    /** What Feign reads from another service stays tolerant: a newer service may add fields to its answers. */
    @Test
    void answersReadAsAClientTolerateUnknownFields() throws Exception {
        HttpMessageConverters.ClientBuilder builder = HttpMessageConverters.forClient().registerDefaults();
        context.getBeanProvider(ClientHttpMessageConvertersCustomizer.class).orderedStream()
                .forEach(customizer -> customizer.customize(builder));
        MockHttpInputMessage answer = new MockHttpInputMessage(
                "{\"orderId\":\"1\",\"status\":\"SUCCESS\",\"detail\":\"d\",\"attempts\":2}".getBytes(StandardCharsets.UTF_8));
        answer.getHeaders().setContentType(MediaType.APPLICATION_JSON);

        HttpMessageConverter<Object> json = jsonConverter(builder.build());

        assertThat(json.read(RedriveResult.class, answer)).isEqualTo(new RedriveResult("1",
                DownstreamStatus.SUCCESS, "d"));
    }

    @SuppressWarnings("unchecked")
    private static HttpMessageConverter<Object> jsonConverter(HttpMessageConverters converters) {
        for (HttpMessageConverter<?> converter : converters) {
            if (converter.canRead(RedriveResult.class, MediaType.APPLICATION_JSON)) {
                return (HttpMessageConverter<Object>) converter;
            }
        }
        throw new AssertionError("no JSON converter for clients");
    }

    private ResultActions send(String path, String json) throws Exception {
        return mvc.perform(post(path).contentType(MediaType.APPLICATION_JSON).content(json));
    }

    record Request(String userId, Integer quantity) {
    }

    record Longs(long id, Long boxed, List<Long> more) {
    }

    @RestController
    static class EchoController {

        @PostMapping(path = "/request", consumes = MediaType.APPLICATION_JSON_VALUE)
        Request request(@RequestBody Request request) {
            return request;
        }

        @PostMapping(path = "/event", consumes = MediaType.APPLICATION_JSON_VALUE)
        OrderCreatedEvent event(@RequestBody OrderCreatedEvent event) {
            return event;
        }

        @PostMapping(path = "/longs", consumes = MediaType.APPLICATION_JSON_VALUE)
        Longs longs(@RequestBody Longs longs) {
            return longs;
        }
    }

    @SpringBootConfiguration
    @ImportAutoConfiguration({WebSupportAutoConfiguration.class, CallerSecurityAutoConfiguration.class})
    @Import(EchoController.class)
    static class TestApplication {

        @Bean
        org.springframework.security.oauth2.jwt.JwtDecoder jwtDecoder() {
            return TestJwts.decoder();
        }
    }
}
