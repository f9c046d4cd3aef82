package dev.eventual.notice;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/** The feature packages depend on each other in one direction only; docs/design.md, "Code layout". */
@AnalyzeClasses(packages = "dev.eventual.notice", importOptions = ImportOption.DoNotIncludeTests.class)
class PackageStructureTest {

    @ArchTest
    static final ArchRule featurePackagesFormNoCycle = slices().matching("dev.eventual.notice.(*)..").should().beFreeOfCycles();

    /** An API peers call belongs to the feature that answers it; "internal" would say the opposite. */
    @ArchTest
    static final ArchRule noPackageIsNamedInternal = noClasses().should().resideInAPackage("..internal..");
}
