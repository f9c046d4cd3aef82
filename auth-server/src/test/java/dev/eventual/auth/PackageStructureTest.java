package dev.eventual.auth;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import dev.eventual.structure.DeployableStructure;

import static dev.eventual.structure.DeployableStructure.Statements.NONE;

/** What auth-server's packages mean (docs/design.md, "Code layout"): the shared rules over every package, no database. */
@AnalyzeClasses(packages = "dev.eventual.auth", importOptions = ImportOption.DoNotIncludeTests.class)
class PackageStructureTest {

    @ArchTest
    static final ArchRule packageStructure = DeployableStructure.rootedAt("dev.eventual.auth", NONE,
            "clients", "errors", "grants", "keys", "throttle", "tokens", "users").rules();
}
