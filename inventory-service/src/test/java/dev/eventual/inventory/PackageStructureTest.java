package dev.eventual.inventory;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import dev.eventual.structure.DeployableStructure;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static dev.eventual.structure.DeployableStructure.Statements.IN_FEATURES;

/**
 * What inventory-service's packages mean (docs/design.md, "Code layout"): the shared rules over
 * every package, each feature keeping its own table's statements; the stock gate at the edge.
 */
@AnalyzeClasses(packages = "dev.eventual.inventory", importOptions = ImportOption.DoNotIncludeTests.class)
class PackageStructureTest {

    private static final DeployableStructure STRUCTURE = DeployableStructure.rootedAt("dev.eventual.inventory",
            IN_FEATURES, "deduct", "stock", "gate", "redrive");

    @ArchTest
    static final ArchRule packageStructure = STRUCTURE.rules();

    /** The stock gate observes deduction (docs/stock-gate.md); deduction and the stock do not know it. */
    @ArchTest
    static final ArchRule deductionDoesNotKnowTheGate = noClasses().that().resideInAnyPackage("dev.eventual.inventory.deduct..",
                    "dev.eventual.inventory.stock..", "dev.eventual.inventory.consume..")
            .should().dependOnClassesThat().resideInAnyPackage("dev.eventual.inventory.gate..", "dev.eventual.gate..");
}
