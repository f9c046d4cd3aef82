package dev.eventual.inventory;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/** The feature packages depend on each other in one direction only; docs/design.md, "Code layout". */
@AnalyzeClasses(packages = "dev.eventual.inventory", importOptions = ImportOption.DoNotIncludeTests.class)
class PackageStructureTest {

    @ArchTest
    static final ArchRule featurePackagesFormNoCycle = slices().matching("dev.eventual.inventory.(*)..").should().beFreeOfCycles();

    /** An API peers call belongs to the feature that answers it; "internal" would say the opposite. */
    @ArchTest
    static final ArchRule noPackageIsNamedInternal = noClasses().should().resideInAPackage("..internal..");

    /** The stock gate observes deduction (docs/stock-gate.md); deduction and the stock do not know it. */
    @ArchTest
    static final ArchRule deductionDoesNotKnowTheGate = noClasses().that().resideInAnyPackage("dev.eventual.inventory.deduct..",
                    "dev.eventual.inventory.stock..", "dev.eventual.inventory.consume..")
            .should().dependOnClassesThat().resideInAnyPackage("dev.eventual.inventory.gate..", "dev.eventual.gate..");
}
