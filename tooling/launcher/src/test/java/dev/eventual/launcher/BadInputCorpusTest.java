package dev.eventual.launcher;

import dev.eventual.launcher.BadInput.Forgery;
import dev.eventual.launcher.BadInput.Identity;
import dev.eventual.launcher.BadInput.Service;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The corpus itself, without a suite: that each case can be told apart, that every refusal of a caller
 * says what its detail must name, and that the cases about callers cover what docs/security.md promises.
 */
class BadInputCorpusTest {

    private final List<BadInput> corpus = BadInputCorpus.cases();

    @Test
    void everyCaseHasItsOwnName() {
        Map<String, Long> names = corpus.stream().collect(Collectors.groupingBy(BadInput::toString, Collectors.counting()));

        assertThat(names).allSatisfy((name, count) -> assertThat(count).as(name).isEqualTo(1));
    }

    @Test
    void everyRefusalOfACallerSaysWhatItsDetailMustName() {
        assertThat(corpus).filteredOn(input -> input.status() == 401 || input.status() == 403)
                .isNotEmpty()
                .allSatisfy(input -> assertThat(input.detail()).as(input.toString()).isNotBlank());
        // the services' own paths take a bearer token too: a client's, with the act's scope
        assertThat(corpus).filteredOn(input -> input.status() == 401 && input.endpoint().contains(" /internal/"))
                .isNotEmpty()
                .allSatisfy(input -> assertThat(input.detail()).as(input.toString()).containsAnyOf("access token", "bearer token"));
    }

    @Test
    void onlyARealTokenIsForgedAndNoCaseCarriesTheCredentialOfItsCaller() {
        assertThat(corpus).filteredOn(input -> input.forgery() != null)
                .allSatisfy(input -> assertThat(input.as().hasToken()).as(input.toString()).isTrue());
        // the IT adds the caller's credential; one in the case's own headers would be overwritten
        assertThat(corpus).filteredOn(input -> input.as().hasToken())
                .allSatisfy(input -> assertThat(input.headers()).as(input.toString()).doesNotContainKey("Authorization"));
    }

    @Test
    void everyForgeryIsRefusedOnAPublicActOfEachServiceThatHasOne() {
        for (Service service : List.of(Service.ORDER, Service.INVENTORY, Service.RECONCILE)) {
            assertThat(corpus).as(service.name())
                    .filteredOn(input -> input.service() == service && input.forgery() != null && input.status() == 401)
                    .extracting(BadInput::forgery)
                    .containsAll(List.of(Forgery.values()));
            assertThat(corpus).as(service.name())
                    .anyMatch(input -> input.service() == service && input.as() == Identity.NONE && input.status() == 401
                            && input.headers().isEmpty() && input.endpoint().contains(" /api/"));
        }
    }

    @Test
    void anotherCustomersOrderAndTheRolesOfOperatorAndAdminRoutesAreCovered() {
        assertThat(corpus).filteredOn(input -> input.path().contains(BadInputCorpus.ANOTHERS_ORDER) && input.status() == 404)
                .extracting(BadInput::method).contains("GET", "POST");
        assertThat(corpus).anyMatch(input -> input.service() == Service.RECONCILE && input.as() == Identity.CUSTOMER
                && input.status() == 403);
        assertThat(corpus).anyMatch(input -> input.endpoint().equals("PUT /api/inventory/{skuId}") && input.as() == Identity.CUSTOMER
                && input.status() == 403);
        // what a foreign page can send: no body, no Content-Type, no Authorization
        assertThat(corpus).anyMatch(input -> input.path().endsWith(BadInputCorpus.ANOTHERS_ORDER + "/cancel")
                && input.as() == Identity.NONE && input.body() == null && input.headers().isEmpty() && input.status() == 401);
    }
}
