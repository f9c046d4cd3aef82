package dev.eventual.reconcile;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import dev.eventual.order.core.shard.OrderShards;
import dev.eventual.structure.DeployableStructure;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static dev.eventual.structure.DeployableStructure.Statements.NONE;

/**
 * What reconcile-job's packages mean (docs/design.md, "Code layout"): the conventions every deployable keeps,
 * over every package. order_db is order-core's (docs/design.md, "Who owns order_db"): the job holds no
 * statement and picks no server; what it does there are order-core's reconcile façades.
 */
@AnalyzeClasses(packages = "dev.eventual.reconcile", importOptions = {ImportOption.DoNotIncludeTests.class,
        ImportOption.DoNotIncludeJars.class})
class PackageStructureTest {

    private static final DeployableStructure STRUCTURE = DeployableStructure.rootedAt("dev.eventual.reconcile", NONE,
            "archive", "console", "decide", "downstream", "executor", "gate", "metrics", "retention", "run", "shard",
            "standalone", "timeout", "workorder");

    @ArchTest
    static final ArchRule packageStructure = STRUCTURE.rules();

    /** Which order_db server a statement goes to is order-core's to say, inside its façades; the job reads only how many there are. */
    @ArchTest
    static final ArchRule noServerScopeOutsideOrderCore = STRUCTURE.neverCalls(OrderShards.class, "on", "run", "onOrder", "onUser");

    /** The stock gate library stops at the job's gate package (the repair, and the console's view of a reservation). */
    @ArchTest
    static final ArchRule theGateLibraryOnlyInTheGatePackage = noClasses().that().resideOutsideOfPackage("dev.eventual.reconcile.gate..")
            .should().dependOnClassesThat().resideInAPackage("dev.eventual.gate..");

    /**
     * The job's layers: what starts work (the XXL-Job handlers, the standalone scheduler, the console, the gauges)
     * -> the jobs (a reconcile run, the archive, the retention cleanup, the unpaid timeout, the gate repair) -> work orders -> what the
     * jobs decide and call with (the decision table, the downstream clients, shard ranges, settings); never back.
     * Every class of the job is in one of them: a new package must take its place here.
     */
    @ArchTest
    static final ArchRule layers = layeredArchitecture().consideringOnlyDependenciesInLayers()
            .ensureAllClassesAreContainedInArchitectureIgnoring("dev.eventual.reconcile")
            .layer("starters").definedBy("dev.eventual.reconcile.executor..", "dev.eventual.reconcile.standalone..",
                    "dev.eventual.reconcile.console..", "dev.eventual.reconcile.metrics..")
            .layer("jobs").definedBy("dev.eventual.reconcile.run..", "dev.eventual.reconcile.archive..",
                    "dev.eventual.reconcile.retention..", "dev.eventual.reconcile.timeout..", "dev.eventual.reconcile.gate..")
            .layer("work orders").definedBy("dev.eventual.reconcile.workorder..")
            .layer("tools").definedBy("dev.eventual.reconcile.decide..", "dev.eventual.reconcile.downstream..",
                    "dev.eventual.reconcile.shard..", "dev.eventual.reconcile.config..")
            .whereLayer("starters").mayNotBeAccessedByAnyLayer()
            .whereLayer("jobs").mayOnlyBeAccessedByLayers("starters")
            .whereLayer("work orders").mayOnlyBeAccessedByLayers("starters", "jobs")
            .whereLayer("tools").mayOnlyBeAccessedByLayers("starters", "jobs", "work orders");
}
