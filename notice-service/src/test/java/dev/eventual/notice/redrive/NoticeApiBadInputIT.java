package dev.eventual.notice.redrive;

import dev.eventual.infra.test.HttpCall;
import dev.eventual.infra.test.TestInfrastructure;
import dev.eventual.notice.support.NoticeRow;
import dev.eventual.notice.support.NoticeServiceIT;
import dev.eventual.notice.support.TestMailServer;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import tools.jackson.databind.JsonNode;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import static dev.eventual.notice.support.InternalApi.RETRIES_CANCELED;
import static dev.eventual.notice.support.InternalApi.RETRIES_CREATED;
import static dev.eventual.notice.support.InternalApi.batchOf;
import static dev.eventual.notice.support.InternalApi.STATUS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

/** Bad input to the internal API is a 4xx problem naming what is wrong, and writes and sends nothing. */
@NoticeServiceIT
class NoticeApiBadInputIT {

    private static final String JSON = "application/json";
    private static final String CREATED = "\"schemaVersion\":1,\"userId\":5,\"skuId\":6,\"quantity\":1,\"createdAt\":\"2026-01-01T00:00:00Z\"";
    private static final String CANCELED = "\"schemaVersion\":1,\"skuId\":6,\"quantity\":1,\"reason\":\"r\"";

    @LocalServerPort
    int port;

    @Autowired
    JdbcTemplate jdbc;

    static Stream<Arguments> badRequests() {
        List<Arguments> cases = new ArrayList<>();
        // status: the id list
        cases.add(status("empty id list", "{\"orderIds\":[]}", 400, "orderIds"));
        cases.add(status("no id list", "{}", 400, "orderIds"));
        cases.add(status("null id list", "{\"orderIds\":null}", 400, "orderIds"));
        cases.add(status("501 ids", "{\"orderIds\":[" + IntStream.rangeClosed(1, 501).mapToObj(i -> "\"" + i + "\"")
                .collect(Collectors.joining(",")) + "]}", 400, "orderIds"));
        cases.add(status("non-numeric id", "{\"orderIds\":[\"12\",\"abc\"]}", 400, "orderIds[1]"));
        cases.add(status("negative id", "{\"orderIds\":[\"-3\"]}", 400, "orderIds[0]"));
        cases.add(status("zero id", "{\"orderIds\":[\"0\"]}", 400, "orderIds[0]"));
        cases.add(status("id with leading zeros", "{\"orderIds\":[\"007\"]}", 400, "orderIds[0]"));
        cases.add(status("id above 64 bits", "{\"orderIds\":[\"9999999999999999999\"]}", 400, "orderIds[0]"));
        cases.add(status("unicode digits", "{\"orderIds\":[\"١٢٣\"]}", 400, "orderIds[0]"));
        cases.add(status("null id", "{\"orderIds\":[null]}", 400, "orderIds[0]"));
        cases.add(status("ids as one string", "{\"orderIds\":\"1,2\"}", 400, "orderIds"));
        cases.add(status("object instead of id", "{\"orderIds\":[{}]}", 400, "orderIds[0]"));
        cases.add(status("truncated JSON", "{\"orderIds\":[\"1\"", 400, null));
        cases.add(status("not JSON", "orderIds=1", 400, null));
        cases.add(status("empty body", "", 400, null));
        cases.add(status("unknown field", "{\"orderIds\":[\"1\"],\"eventType\":\"ORDER_CREATED\"}", 400, "eventType"));
        cases.add(arguments("text/plain body", STATUS, "text/plain", "{\"orderIds\":[\"1\"]}", 415, null));
        // retries: the event
        cases.add(created("non-numeric orderId", "{\"orderId\":\"abc\"," + CREATED + "}", "orderId"));
        cases.add(created("missing orderId", "{" + CREATED + "}", "orderId"));
        cases.add(created("orderId string with a leading zero", "{\"orderId\":\"077\"," + CREATED + "}", "orderId"));
        cases.add(created("null orderId", "{\"orderId\":null," + CREATED + "}", "orderId"));
        cases.add(created("zero orderId", "{\"orderId\":0," + CREATED + "}", "orderId"));
        cases.add(created("negative orderId", "{\"orderId\":-9," + CREATED + "}", "orderId"));
        cases.add(created("fractional orderId", "{\"orderId\":1.5," + CREATED + "}", "orderId"));
        cases.add(created("orderId above 64 bits", "{\"orderId\":9223372036854775808," + CREATED + "}", "orderId"));
        cases.add(created("zero quantity", "{\"orderId\":77,\"schemaVersion\":1,\"userId\":5,\"skuId\":6,\"quantity\":0}", "quantity"));
        cases.add(created("negative userId", "{\"orderId\":77,\"schemaVersion\":1,\"userId\":-5,\"skuId\":6,\"quantity\":1}", "userId"));
        cases.add(created("text quantity", "{\"orderId\":77,\"schemaVersion\":1,\"userId\":5,\"skuId\":6,\"quantity\":\"one\"}", "quantity"));
        cases.add(created("bad timestamp", "{\"orderId\":77,\"schemaVersion\":1,\"userId\":5,\"skuId\":6,\"quantity\":1,"
                + "\"createdAt\":\"yesterday\"}", "createdAt"));
        cases.add(arguments("truncated event", RETRIES_CREATED, JSON, batchOf("{\"orderId\":77,"), 400, null));
        cases.add(arguments("empty batch body", RETRIES_CREATED, JSON, "", 400, null));
        cases.add(arguments("array instead of a batch", RETRIES_CREATED, JSON, "[]", 400, null));
        cases.add(arguments("canceled: non-numeric orderId", RETRIES_CANCELED, JSON,
                batchOf("{\"orderId\":\"x\",\"userId\":5," + CANCELED + "}"), 400, "events[0].orderId"));
        cases.add(arguments("canceled: missing userId", RETRIES_CANCELED, JSON, batchOf("{\"orderId\":78," + CANCELED + "}"),
                400, "events[0].userId"));
        return cases.stream();
    }

    @ParameterizedTest(name = "{0} -> {4}")
    @MethodSource("badRequests")
    void isRefusedWithAProblemAndWritesAndSendsNothing(String name, String path, String contentType, String body,
                                                        int status, String field) {
        long rows = NoticeRow.count(jdbc);
        int mails = TestMailServer.receivedCount();

        HttpCall call = HttpCall.post(port, path).bearer(TestInfrastructure.shared().authServer().tokens().reconcile())
                .header("Content-Type", contentType).body(body.getBytes(StandardCharsets.UTF_8));
        HttpCall.Response response = call.send();

        assertThat(response.status()).as(response.body()).isEqualTo(status);
        assertThat(response.contentType()).startsWith("application/problem+json");
        JsonNode problem = response.json();
        assertThat(problem.get("status").asInt()).isEqualTo(status);
        assertThat(problem.get("type").asString()).startsWith("urn:eventual:problem:");
        assertThat(problem.get("detail").asString()).isNotBlank();
        if (field != null) {
            assertThat(problem.get("invalidParams").findValuesAsString("name")).as(response.body()).contains(field);
        }
        assertThat(NoticeRow.count(jdbc)).isEqualTo(rows);
        assertThat(TestMailServer.receivedCount()).isEqualTo(mails);
    }

    private static Arguments status(String name, String body, int status, String field) {
        return arguments(name, STATUS, JSON, body, status, field);
    }

    /** The event alone in a batch, as the reconcile job's smallest page: the problem names it by its place. */
    private static Arguments created(String name, String event, String field) {
        return arguments(name, RETRIES_CREATED, JSON, batchOf(event), 400, "events[0]." + field);
    }
}
