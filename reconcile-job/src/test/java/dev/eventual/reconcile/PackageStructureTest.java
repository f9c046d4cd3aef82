package dev.eventual.reconcile;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import org.apache.ibatis.annotations.Mapper;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/** The feature packages depend on each other in one direction only; docs/design.md, "Code layout". */
@AnalyzeClasses(packages = "dev.eventual.reconcile", importOptions = ImportOption.DoNotIncludeTests.class)
class PackageStructureTest {

    @ArchTest
    static final ArchRule featurePackagesFormNoCycle = slices().matching("dev.eventual.reconcile.(*)..").should().beFreeOfCycles();

    /** An API peers call belongs to the feature that answers it; "internal" would say the opposite. */
    @ArchTest
    static final ArchRule noPackageIsNamedInternal = noClasses().should().resideInAPackage("..internal..");

    /**
     * The job works order_db only through order-core's store (docs/design.md, "Who owns order_db"):
     * it has no statement of its own, so what it may write is decided where order_db is owned.
     */
    @ArchTest
    static final ArchRule noStatementOnOrderDbOfItsOwn = noClasses().should().beAnnotatedWith(Mapper.class)
            .orShould().dependOnClassesThat().resideInAnyPackage("org.apache.ibatis..", "org.mybatis..",
                    "com.baomidou..", "org.springframework.jdbc..", "java.sql..", "javax.sql..");
}
