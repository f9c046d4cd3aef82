package dev.eventual.launcher;

import dev.eventual.infra.test.HttpCall;
import dev.eventual.launcher.client.inventory.api.InventoryControllerApi;
import dev.eventual.launcher.client.inventory.model.SetStockRequest;
import dev.eventual.launcher.client.notice.api.RedriveControllerApi;
import dev.eventual.launcher.client.notice.model.BatchStatusRequest;
import dev.eventual.launcher.client.notice.model.BatchStatusResponse;
import dev.eventual.launcher.client.order.ApiException;
import dev.eventual.launcher.client.order.api.OrderControllerApi;
import dev.eventual.launcher.client.order.model.CancelOrderRequest;
import dev.eventual.launcher.client.order.model.CreateOrderRequest;
import dev.eventual.launcher.client.order.model.OrderView;
import dev.eventual.launcher.client.reconcile.api.WorkOrderControllerApi;
import dev.eventual.launcher.client.reconcile.model.ResolveRequest;
import dev.eventual.launcher.client.reconcile.model.WorkOrderView;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.net.http.HttpRequest;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.function.ToIntFunction;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.awaitility.Awaitility.await;

/**
 * The services' OpenAPI documents are usable as they are: each live document equals the snapshot the
 * build generates a Java client from (src/test/resources/openapi, openapi-generator's {@code native}
 * library, packages {@code dev.eventual.launcher.client.*}), and the walk-through of
 * docs/running-locally.md runs through those generated clients alone. Its SKUs are this test's own, so
 * the other ITs of the shared suite see none of its stock moves.
 */
class OpenApiClientsIT {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final Path LIVE = Path.of("target/openapi");
    private static final String HOST = "127.0.0.1";
    /** This test's SKUs (issue 37), set by it: no other IT orders them. */
    private static final long SKU = 37_001;
    private static final long OVERSOLD_SKU = 37_002;
    private static LocalSuite suite;

    enum Service {
        ORDER("order-service", LocalSuite::orderPort),
        INVENTORY("inventory-service", LocalSuite::inventoryPort),
        NOTICE("notice-service", LocalSuite::noticePort),
        RECONCILE("reconcile-job", LocalSuite::reconcilePort);

        final String id;
        final ToIntFunction<LocalSuite> port;

        Service(String id, ToIntFunction<LocalSuite> port) {
            this.id = id;
            this.port = port;
        }

        String url() {
            return "http://127.0.0.1:" + port.applyAsInt(suite);
        }
    }

    @BeforeAll
    static void start() {
        suite = SharedSuite.get();
    }

    @ParameterizedTest
    @EnumSource(Service.class)
    void theLiveDocumentIsTheSnapshotTheClientIsGeneratedFrom(Service service) throws IOException {
        HttpCall.Response live = HttpCall.get(service.port.applyAsInt(suite), "/v3/api-docs").send();
        assertThat(live.status()).as(live.body()).isEqualTo(200);
        ObjectNode document = (ObjectNode) live.json();
        // the servers and the token URL name the suite's free ports, the parts that differ from run to run
        document.remove("servers");
        JsonNode flow = document.at("/components/securitySchemes/serviceClient/flows/clientCredentials");
        if (flow instanceof ObjectNode clientCredentials) {
            assertThat(clientCredentials.path("tokenUrl").asString()).isEqualTo(suite.identity().issuer() + "/oauth2/token");
            clientCredentials.put("tokenUrl", "{issuer}/oauth2/token");
        }
        Files.createDirectories(LIVE);
        Path written = LIVE.resolve(service.id + ".json");
        Files.writeString(written, JSON.writerWithDefaultPrettyPrinter().writeValueAsString(document) + "\n");

        assertThat(differences("", snapshot(service), document)).as("""
                %s's OpenAPI document differs from the snapshot its client is generated from at these JSON \
                pointers. If the change is meant, refresh the snapshots from the live documents this run wrote, \
                and commit them: cp tooling/launcher/target/openapi/*.json tooling/launcher/src/test/resources/openapi/ \
                (docs/modules.md, tooling/launcher)""", service.id).isEmpty();
    }

    /** Where two documents differ, as JSON pointers: a snapshot's whole text would bury the change. */
    private static List<String> differences(String at, JsonNode expected, JsonNode actual) {
        if (expected.equals(actual)) {
            return List.of();
        }
        if (!expected.isObject() || !actual.isObject()) {
            return List.of(at.isEmpty() ? "/" : at);
        }
        Set<String> names = new TreeSet<>(expected.propertyNames());
        names.addAll(actual.propertyNames());
        return names.stream().flatMap(name -> differences(at + "/" + name.replace("~", "~0").replace("/", "~1"),
                expected.path(name), actual.path(name)).stream()).toList();
    }

    /** docs/running-locally.md's walk-through, every call through a client generated from the documents. */
    @Test
    void theWalkThroughRunsThroughTheGeneratedClients() throws Exception {
        // adam sets the stock of an SKU; alice (a customer) reads it
        inventory("adam").set(String.valueOf(SKU), new SetStockRequest().stock(10));
        assertThat(inventory("alice").get(String.valueOf(SKU)).getStock()).isEqualTo(10);

        // 1. alice places an order (Idempotency-Key): hers, though the body names no user
        OrderView placed = orders("alice").create(new CreateOrderRequest().skuId(String.valueOf(SKU)).quantity(3), "openapi-walk-0");
        assertThat(placed.getUserId()).isEqualTo("1");
        assertThat(placed.getStatus()).isEqualTo(OrderView.StatusEnum.CREATED);
        String orderId = placed.getOrderId();
        // the same key again is the same order, not a second one
        assertThat(orders("alice").create(new CreateOrderRequest().skuId(String.valueOf(SKU)).quantity(3), "openapi-walk-0")
                .getOrderId()).isEqualTo(orderId);
        // she reads it until every service has consumed its event
        await().atMost(Duration.ofSeconds(60)).until(() -> orders("alice").get(orderId).getMessageStatus() == OrderView.MessageStatusEnum.CONSUMED);
        OrderView consumed = orders("alice").get(orderId);
        assertThat(consumed.getConsumers()).containsEntry("inventory", "SUCCESS").containsEntry("notice", "SUCCESS");
        assertThat(inventory("alice").get(String.valueOf(SKU)).getStock()).isEqualTo(7);
        // bob learns nothing of it; alice's list holds it
        assertThat(catchThrowableOfType(ApiException.class, () -> orders("bob").get(orderId)).getCode()).isEqualTo(404);
        assertThat(orders("alice").listOrders(null, null, 0, 100).getItems()).extracting(OrderView::getOrderId).contains(orderId);
        // notice-service's API is internal: what the reconcile job asks it, with the service token
        assertThat(notices().status(new BatchStatusRequest().orderIds(List.of(orderId))).getStatuses())
                .containsEntry(orderId, BatchStatusResponse.InnerEnum.SUCCESS);

        // 2. alice oversells an SKU with 1 in stock: after the retries, one open work order olga sees
        inventory("adam").set(String.valueOf(OVERSOLD_SKU), new SetStockRequest().stock(1));
        String oversold = orders("alice").create(new CreateOrderRequest().skuId(String.valueOf(OVERSOLD_SKU)).quantity(2),
                "openapi-walk-1").getOrderId();
        await().atMost(Duration.ofSeconds(90))
                .until(() -> orders("alice").get(oversold).getReconcileStatus() == OrderView.ReconcileStatusEnum.FAIL);
        List<WorkOrderView> open = workOrders("olga").listWorkOrders("OPEN", oversold, null, null, null, null, null).getItems();
        assertThat(open).singleElement().extracting(WorkOrderView::getStatus).isEqualTo(WorkOrderView.StatusEnum.OPEN);

        // 3. adam adds stock; olga resolves the work order with RETRY: the order reconciles, 10 -> 8
        inventory("adam").set(String.valueOf(OVERSOLD_SKU), new SetStockRequest().stock(10));
        WorkOrderView resolved = workOrders("olga").resolve(open.get(0).getId(),
                new ResolveRequest().action(ResolveRequest.ActionEnum.RETRY).note("restocked"));
        assertThat(resolved.getStatus()).isEqualTo(WorkOrderView.StatusEnum.RESOLVED);
        assertThat(resolved.getResolvedBy()).isEqualTo("olga");
        await().atMost(Duration.ofSeconds(60))
                .until(() -> orders("alice").get(oversold).getReconcileStatus() == OrderView.ReconcileStatusEnum.SUCCESS);
        assertThat(inventory("alice").get(String.valueOf(OVERSOLD_SKU)).getStock()).isEqualTo(8);

        // 4. alice cancels her first order: its stock comes back exactly once, 7 -> 10
        OrderView canceled = orders("alice").cancel(orderId, new CancelOrderRequest().reason("changed my mind"));
        assertThat(canceled.getStatus()).isEqualTo(OrderView.StatusEnum.CANCELED);
        await().atMost(Duration.ofSeconds(60)).until(() -> inventory("alice").get(String.valueOf(SKU)).getStock() == 10);
    }

    private static OrderControllerApi orders(String who) {
        var client = new dev.eventual.launcher.client.order.ApiClient().setHost(HOST).setPort(suite.orderPort());
        return new OrderControllerApi(client.setRequestInterceptor(bearer(who)));
    }

    private static InventoryControllerApi inventory(String who) {
        var client = new dev.eventual.launcher.client.inventory.ApiClient().setHost(HOST).setPort(suite.inventoryPort());
        return new InventoryControllerApi(client.setRequestInterceptor(bearer(who)));
    }

    private static WorkOrderControllerApi workOrders(String who) {
        var client = new dev.eventual.launcher.client.reconcile.ApiClient().setHost(HOST).setPort(suite.reconcilePort());
        return new WorkOrderControllerApi(client.setRequestInterceptor(bearer(who)));
    }

    private static RedriveControllerApi notices() {
        var client = new dev.eventual.launcher.client.notice.ApiClient().setHost(HOST).setPort(suite.noticePort());
        // the document's serviceClient scheme: reconcile-job's client token (the native library leaves credentials to an interceptor)
        return new RedriveControllerApi(client.setRequestInterceptor(bearer("reconcile-job")));
    }

    /** A person's access token of the suite's auth-server (the bearer scheme), or a client's (the serviceClient scheme). */
    private static Consumer<HttpRequest.Builder> bearer(String who) {
        String token = SharedSuite.token(who);
        return request -> request.header("Authorization", "Bearer " + token);
    }

    private static JsonNode snapshot(Service service) throws IOException {
        try (InputStream in = OpenApiClientsIT.class.getResourceAsStream("/openapi/" + service.id + ".json")) {
            return in == null ? JSON.createObjectNode() : JSON.readTree(in);
        }
    }
}
