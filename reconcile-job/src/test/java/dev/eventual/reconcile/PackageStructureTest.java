package dev.eventual.reconcile;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import dev.eventual.order.core.shard.OrderShards;
import org.apache.ibatis.annotations.Mapper;

import java.util.function.Supplier;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
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
     * The job works order_db only through order-core (docs/design.md, "Who owns order_db"):
     * it has no statement of its own, so what it may write is decided where order_db is owned.
     */
    @ArchTest
    static final ArchRule noStatementOnOrderDbOfItsOwn = noClasses().should().beAnnotatedWith(Mapper.class)
            .orShould().dependOnClassesThat().resideInAnyPackage("org.apache.ibatis..", "org.mybatis..",
                    "com.baomidou..", "org.springframework.jdbc..", "java.sql..", "javax.sql..");

    /**
     * What the job does on order_db are order-core's reconcile façades, each holding its own transaction and
     * choosing its own server (docs/design.md, "Who owns order_db"): the job neither reaches the store nor
     * opens a server scope. It reads how many servers there are, to plan its shards.
     */
    @ArchTest
    static final ArchRule orderDbOnlyThroughTheFacades = noClasses().should()
            .dependOnClassesThat().resideInAPackage("dev.eventual.order.core.store..")
            .orShould().callMethod(OrderShards.class, "on", int.class, Supplier.class)
            .orShould().callMethod(OrderShards.class, "run", int.class, Runnable.class)
            .orShould().callMethod(OrderShards.class, "onOrder", long.class, Supplier.class)
            .orShould().callMethod(OrderShards.class, "onUser", long.class, Supplier.class);

    /**
     * The job's layers: what starts work (the XXL-Job handlers, the standalone scheduler, the console,
     * the gauges) -> the jobs (a reconcile run, the archive, the unpaid timeout, the gate repair) -> work
     * orders -> what the jobs decide and call with (the decision table, the downstream clients, shard
     * ranges, settings); never back. Below them all, order-core's façades (the rules above).
     */
    @ArchTest
    static final ArchRule layers = layeredArchitecture().consideringOnlyDependenciesInLayers()
            .layer("starters").definedBy("dev.eventual.reconcile.executor..", "dev.eventual.reconcile.standalone..",
                    "dev.eventual.reconcile.console..", "dev.eventual.reconcile.metrics..")
            .layer("jobs").definedBy("dev.eventual.reconcile.run..", "dev.eventual.reconcile.archive..",
                    "dev.eventual.reconcile.timeout..", "dev.eventual.reconcile.gate..")
            .layer("work orders").definedBy("dev.eventual.reconcile.workorder..")
            .layer("tools").definedBy("dev.eventual.reconcile.decide..", "dev.eventual.reconcile.downstream..",
                    "dev.eventual.reconcile.shard..", "dev.eventual.reconcile.config..")
            .whereLayer("starters").mayNotBeAccessedByAnyLayer()
            .whereLayer("jobs").mayOnlyBeAccessedByLayers("starters")
            .whereLayer("work orders").mayOnlyBeAccessedByLayers("starters", "jobs")
            .whereLayer("tools").mayOnlyBeAccessedByLayers("starters", "jobs", "work orders");
}
