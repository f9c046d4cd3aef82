package dev.eventual.notice;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import dev.eventual.structure.DeployableStructure;

import static dev.eventual.structure.DeployableStructure.Statements.IN_STORE;

/** What notice-service's packages mean (docs/design.md, "Code layout"): the shared rules over every package, statements in {@code store}. */
@AnalyzeClasses(packages = "dev.eventual.notice", importOptions = ImportOption.DoNotIncludeTests.class)
class PackageStructureTest {

    @ArchTest
    static final ArchRule packageStructure = DeployableStructure.rootedAt("dev.eventual.notice", IN_STORE,
            "channel", "compose", "delivery", "redrive", "retention").rules();
}
