package dev.eventual.inventory;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import dev.eventual.structure.DeployableStructure;

import static dev.eventual.structure.DeployableStructure.Statements.IN_FEATURES;

/**
 * What inventory-service's packages mean (docs/design.md, "Code layout"): the shared rules over
 * every package, each feature keeping its own table's statements; the stock gate at the edge.
 */
@AnalyzeClasses(packages = "dev.eventual.inventory", importOptions = ImportOption.DoNotIncludeTests.class)
class PackageStructureTest {

    private static final DeployableStructure STRUCTURE = DeployableStructure.rootedAt("dev.eventual.inventory",
            IN_FEATURES, "deduct", "stock", "gate", "redrive", "retention");

    @ArchTest
    static final ArchRule packageStructure = STRUCTURE.rules();

    /** The stock gate observes deduction (docs/stock-gate.md): the web edge calls it; deduction, the stock and consumption do not know it. */
    @ArchTest
    static final ArchRule theGateIsReachedOnlyFromTheWebEdge = STRUCTURE.reachedOnlyFromTheWebEdge("gate");

    /** The gate library's types stop at the adapter: the observer, the seeding and the rebuild go through it, the API through them. */
    @ArchTest
    static final ArchRule theGateLibraryOnlyThroughItsAdapter = STRUCTURE.onlyThroughAdapter("dev.eventual.gate",
            "dev.eventual.inventory.gate.GateAdapter");
}
