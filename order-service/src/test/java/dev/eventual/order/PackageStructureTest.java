package dev.eventual.order;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import org.apache.ibatis.annotations.Mapper;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/**
 * What order-service's packages mean (docs/design.md, "Code layout"): the web edge calls use cases,
 * use cases call the order core, never the other way; order_db and the broker are the core's.
 */
@AnalyzeClasses(packages = "dev.eventual.order", importOptions = ImportOption.DoNotIncludeTests.class)
class PackageStructureTest {

    @ArchTest
    static final ArchRule featurePackagesFormNoCycle = slices().matching("dev.eventual.order.(*)..").should().beFreeOfCycles();

    /** An API peers call belongs to the feature that answers it; "internal" would say the opposite. */
    @ArchTest
    static final ArchRule noPackageIsNamedInternal = noClasses().should().resideInAPackage("..internal..");

    @ArchTest
    static final ArchRule layers = layeredArchitecture().consideringOnlyDependenciesInLayers()
            .layer("web edge").definedBy("dev.eventual.order.api..", "dev.eventual.order.consumer..")
            .layer("use cases").definedBy("dev.eventual.order.placement..", "dev.eventual.order.cancel..",
                    "dev.eventual.order.payment..", "dev.eventual.order.query..")
            .layer("order core").definedBy("dev.eventual.order.core..")
            .whereLayer("web edge").mayNotBeAccessedByAnyLayer()
            .whereLayer("use cases").mayOnlyBeAccessedByLayers("web edge")
            .whereLayer("order core").mayOnlyBeAccessedByLayers("web edge", "use cases");

    /** order-core's store holds every statement on order_db (docs/design.md, "Who owns order_db"). */
    @ArchTest
    static final ArchRule onlyTheOrderCoreTalksToOrderDb = noClasses().that().resideOutsideOfPackage("dev.eventual.order.core..")
            .should().beAnnotatedWith(Mapper.class)
            .orShould().dependOnClassesThat().resideInAnyPackage("org.apache.ibatis..", "org.mybatis..",
                    "com.baomidou..", "org.springframework.jdbc..", "java.sql..", "javax.sql..");

    /** A use case reads as business code: publishing through the broker is the core's outbox. */
    @ArchTest
    static final ArchRule useCasesDoNotMeetTheBroker = noClasses().that().resideInAnyPackage(
                    "dev.eventual.order.placement..", "dev.eventual.order.cancel..", "dev.eventual.order.payment..",
                    "dev.eventual.order.query..")
            .should().dependOnClassesThat().resideInAPackage("org.apache.rocketmq..");

    /** The stock gate is an edge around the publication (docs/stock-gate.md): use cases and the core do not know it. */
    @ArchTest
    static final ArchRule theGateStaysAtTheEdge = noClasses().that().resideInAnyPackage("dev.eventual.order.placement..",
                    "dev.eventual.order.cancel..", "dev.eventual.order.payment..", "dev.eventual.order.query..",
                    "dev.eventual.order.core..")
            .should().dependOnClassesThat().resideInAnyPackage("dev.eventual.order.gate..", "dev.eventual.gate..");
}
