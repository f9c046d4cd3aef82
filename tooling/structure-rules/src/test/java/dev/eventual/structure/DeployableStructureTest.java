package dev.eventual.structure;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.lang.ArchRule;
import dev.eventual.structure.DeployableStructure.Statements;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.List;

import static dev.eventual.structure.DeployableStructure.Statements.IN_FEATURES;
import static dev.eventual.structure.DeployableStructure.Statements.IN_STORE;
import static dev.eventual.structure.DeployableStructure.Statements.NONE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Each rule seen failing on a deliberate breach (the fixture packages under {@code fixture.breach}),
 * naming the class that breaks it and only that class, and a deployable that keeps the conventions
 * ({@code fixture.shop}) passing all of them.
 */
class DeployableStructureTest {

    private static final String FIXTURES = "dev.eventual.structure.fixture";
    private static final String BREACH = FIXTURES + ".breach.";
    private static final JavaClasses CLASSES = new ClassFileImporter().importPackages(FIXTURES);

    @Test
    void aDeployableThatKeepsTheConventionsPassesEveryRule() {
        DeployableStructure shop = DeployableStructure.rootedAt(FIXTURES + ".shop", IN_STORE, "cart", "pay");

        assertThat(violations(shop.rules())).isEmpty();
        assertThat(violations(shop.reachedOnlyFromTheWebEdge("pay"))).isEmpty();
        assertThat(violations(shop.onlyThroughAdapter(FIXTURES + ".lib", FIXTURES + ".shop.pay.GateAdapter"))).isEmpty();
    }

    @Test
    void aCycleBetweenPackagesFails() {
        DeployableStructure cycle = breach("cycle", NONE, "a", "b");

        assertThat(String.join("\n", violations(cycle.packagesFormNoCycle())))
                .contains("Cycle detected: Slice a")
                .contains(BREACH + "cycle.a.A").contains(BREACH + "cycle.b.B");
    }

    @Test
    void aPackageNamedInternalFails() {
        assertThat(violations(breach("internal", NONE, "a").noPackageIsNamedInternal()))
                .singleElement().asString().contains(BREACH + "internal.a.internal.Hidden");
    }

    @Test
    void aClassInNoRolesPackageNorDeclaredFeatureFails() {
        List<String> violations = violations(breach("unclassified", NONE, "a").everyClassIsClassified());

        assertThat(violations).hasSize(2);
        assertThat(String.join("\n", violations))
                .contains(BREACH + "unclassified.Helper").contains(BREACH + "unclassified.util.Strings")
                .doesNotContain(BREACH + "unclassified.App").doesNotContain(BREACH + "unclassified.a.Fine");
    }

    @Test
    void aRootThatMatchesNoClassFails() {
        ArchRule rule = breach("misspelt", NONE).everyClassIsClassified();

        assertThatThrownBy(() -> rule.evaluate(CLASSES)).hasMessageContaining("failed to check any classes");
    }

    @Test
    void aClassThatUsesTheWebEdgeFails() {
        List<String> violations = violations(breach("webedge", NONE, "a", "b", "c").nothingReachesTheWebEdge());

        assertThat(String.join("\n", violations))
                .contains(BREACH + "webedge.a.UsesView").contains(BREACH + "webedge.c.CallsController");
        assertThat(violations).allSatisfy(line -> assertThat(line)
                .containsAnyOf(BREACH + "webedge.a.UsesView.", BREACH + "webedge.c.CallsController."));
    }

    @Test
    void aClassThatUsesTheBrokerEdgeFails() {
        assertThat(violations(breach("brokeredge", NONE, "a").nothingReachesTheBrokerEdge()))
                .isNotEmpty().allSatisfy(line -> assertThat(line).contains(BREACH + "brokeredge.a.Handler"));
    }

    /** One fixture, three conventions: each convention lets through exactly the class it allows. */
    @ParameterizedTest
    @CsvSource({
            "IN_STORE,    'a.FeatureRows,api.Report', store.Rows",
            "IN_FEATURES, 'store.Rows,api.Report',    a.FeatureRows",
            "NONE,        'a.FeatureRows,api.Report,store.Rows', ''",
    })
    void statementsOutsideWhereTheDeployableKeepsThemFail(Statements statements, String breaking, String allowed) {
        String report = String.join("\n", violations(breach("statements", statements, "a")
                .statementsStayWhereTheDeployableKeepsThem()));

        for (String name : breaking.split(",")) {
            assertThat(report).contains(BREACH + "statements." + name);
        }
        if (!allowed.isEmpty()) {
            assertThat(report).doesNotContain(BREACH + "statements." + allowed);
        }
    }

    @Test
    void theBrokerAwayFromTheBrokerEdgeFails() {
        assertThat(violations(breach("broker", NONE, "a").onlyTheBrokerEdgeMeetsTheBroker()))
                .isNotEmpty().allSatisfy(line -> assertThat(line).contains(BREACH + "broker.a.Sender"));
    }

    @Test
    void aFeatureReachedFromBesideTheWebEdgeFails() {
        assertThat(violations(breach("edgeonly", NONE, "a", "gate").reachedOnlyFromTheWebEdge("gate")))
                .isNotEmpty().allSatisfy(line -> assertThat(line).contains(BREACH + "edgeonly.a.Deduct"));
    }

    @Test
    void aLibraryUsedPastItsAdapterFails() {
        ArchRule rule = breach("adapter", NONE, "a").onlyThroughAdapter(FIXTURES + ".lib", BREACH + "adapter.a.LibAdapter");

        assertThat(violations(rule)).isNotEmpty().allSatisfy(line -> assertThat(line).contains(BREACH + "adapter.a.Other"));
    }

    @Test
    void aCallOfAMethodLeftToTheLibraryFails() {
        ArchRule rule = breach("calls", NONE, "a", "b").neverCalls(dev.eventual.structure.fixture.lib.Gate.class, "open");

        assertThat(violations(rule)).singleElement().asString().contains(BREACH + "calls.a.Caller");
    }

    /** What a structure test checks holds every rule: each breach above fails it too. */
    @ParameterizedTest
    @CsvSource({"cycle, a b", "internal, a", "unclassified, a", "webedge, a b c", "brokeredge, a", "statements, a",
            "broker, a"})
    void everyBreachFailsTheRulesTogether(String fixture, String features) {
        assertThat(violations(breach(fixture, IN_FEATURES, features.split(" ")).rules())).isNotEmpty();
    }

    @Test
    void aRoleCannotBeDeclaredAFeature() {
        assertThatThrownBy(() -> DeployableStructure.rootedAt(FIXTURES + ".shop", NONE, "cart", "api"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'api'");
    }

    private static DeployableStructure breach(String fixture, Statements statements, String... features) {
        return DeployableStructure.rootedAt(BREACH + fixture, statements, features);
    }

    private static List<String> violations(ArchRule rule) {
        return rule.evaluate(CLASSES).getFailureReport().getDetails();
    }
}
