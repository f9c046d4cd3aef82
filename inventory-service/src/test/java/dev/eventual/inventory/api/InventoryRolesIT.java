package dev.eventual.inventory.api;

import dev.eventual.infra.test.HttpCall;
import dev.eventual.infra.test.TestInfrastructure;
import dev.eventual.infra.test.TestTokens;
import dev.eventual.inventory.support.Events;
import dev.eventual.inventory.support.InventoryServiceIT;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Who may read and set stock, with real access tokens from the test authorization server: every
 * signed-in role reads, only the admin sets; a refused caller changes nothing and learns nothing about
 * the body.
 */
@InventoryServiceIT
class InventoryRolesIT {

    private static final long CUSTOMER = 7;

    @LocalServerPort
    int port;

    private final TestTokens tokens = TestInfrastructure.shared().authServer().tokens();
    private final long sku = Events.newSku();

    @Test
    void theAdminSetsStockAndEverySignedInRoleReadsIt() {
        HttpCall.Response set = put("{\"stock\":5}").bearer(tokens.admin()).send();

        assertThat(set.status()).as(set.body()).isEqualTo(200);
        for (String token : new String[] {tokens.customer(CUSTOMER), tokens.operator(), tokens.admin()}) {
            HttpCall.Response read = HttpCall.get(port, "/api/inventory/" + sku).bearer(token).send();
            assertThat(read.status()).as(read.body()).isEqualTo(200);
            assertThat(read.json().get("skuId").asString()).isEqualTo(Long.toString(sku));
            assertThat(read.json().get("stock").asInt()).isEqualTo(5);
        }
    }

    @Test
    void aCustomerOrOperatorCannotSetStockAndNothingChanges() {
        assertThat(put("{\"stock\":5}").bearer(tokens.admin()).send().status()).isEqualTo(200);

        HttpCall.Response byCustomer = put("{\"stock\":50}").bearer(tokens.customer(CUSTOMER)).send();
        HttpCall.Response byOperator = put("{\"stock\":50}").bearer(tokens.operator()).send();
        // the role is checked before the body: a bad one is 403 too, not a hint at what is valid
        HttpCall.Response badBody = put("{\"stock\":-1}").bearer(tokens.customer(CUSTOMER)).send();

        assertThat(byCustomer.status()).as(byCustomer.body()).isEqualTo(403);
        assertThat(byCustomer.contentType()).startsWith("application/problem+json");
        assertThat(byCustomer.json().get("detail").asString()).isEqualTo("setting stock is for admin; the caller is customer");
        assertThat(byOperator.status()).isEqualTo(403);
        assertThat(badBody.status()).isEqualTo(403);
        assertThat(stock()).isEqualTo(5);
    }

    @Test
    void withoutAnAccessTokenNothingIsReadOrSet() {
        assertThat(put("{\"stock\":5}").bearer(tokens.admin()).send().status()).isEqualTo(200);

        HttpCall.Response anonymousSet = put("{\"stock\":9}").send();
        HttpCall.Response malformedSet = put("{\"stock\":").send();
        // the old shared service token opens nothing, and no service's client sets stock
        HttpCall.Response serviceSet = put("{\"stock\":9}").header("X-Eventual-Service-Token", "test-service-token-not-for-production")
                .send();
        HttpCall.Response reconcileSet = put("{\"stock\":9}").bearer(tokens.reconcile()).send();
        HttpCall.Response anonymousRead = HttpCall.get(port, "/api/inventory/" + sku).send();

        assertThat(anonymousSet.status()).isEqualTo(401);
        assertThat(anonymousSet.header("WWW-Authenticate")).isEqualTo("Bearer");
        assertThat(anonymousSet.json().get("detail").asString()).startsWith("setting stock needs a bearer access token");
        assertThat(malformedSet.status()).isEqualTo(401);
        assertThat(serviceSet.status()).isEqualTo(401);
        assertThat(reconcileSet.status()).isEqualTo(403);
        assertThat(reconcileSet.json().get("detail").asString()).startsWith("setting stock is for admin; the caller is client reconcile-job");
        assertThat(anonymousRead.status()).isEqualTo(401);
        assertThat(anonymousRead.json().get("detail").asString()).startsWith("reading stock needs a bearer access token");
        assertThat(stock()).isEqualTo(5);
    }

    private HttpCall put(String body) {
        return HttpCall.put(port, "/api/inventory/" + sku).json(body);
    }

    private int stock() {
        return HttpCall.get(port, "/api/inventory/" + sku).bearer(tokens.operator()).send().json().get("stock").asInt();
    }
}
