package dev.eventual.order.core;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import org.apache.ibatis.annotations.Mapper;

import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.simpleName;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;

/**
 * What the order core's packages mean (docs/design.md, "Who owns order_db"). Its pom already keeps it
 * from knowing a deployable or the stock gate; these rules say how it is layered inside.
 */
@AnalyzeClasses(packages = "dev.eventual.order.core", importOptions = ImportOption.DoNotIncludeTests.class)
class OrderCoreStructureTest {

    /**
     * Statuses at the bottom, the store on them, the outbox and the consumer-status recording on the store;
     * reconcile-job's façades beside them, on the servers and the one settle rule of the store.
     */
    @ArchTest
    static final ArchRule layers = layeredArchitecture().consideringOnlyDependenciesInLayers()
            .layer("configuration").definedBy("dev.eventual.order.core")
            .layer("outbox").definedBy("dev.eventual.order.core.outbox..")
            .layer("consumer statuses").definedBy("dev.eventual.order.core.consumer..")
            .layer("reconciliation").definedBy("dev.eventual.order.core.reconcile..")
            .layer("store").definedBy("dev.eventual.order.core.store..")
            .layer("servers").definedBy("dev.eventual.order.core.shard..")
            .layer("statuses").definedBy("dev.eventual.order.core.status..")
            .whereLayer("configuration").mayNotBeAccessedByAnyLayer()
            .whereLayer("outbox").mayOnlyBeAccessedByLayers("configuration")
            .whereLayer("consumer statuses").mayOnlyBeAccessedByLayers("configuration")
            .whereLayer("reconciliation").mayOnlyBeAccessedByLayers("configuration")
            .whereLayer("store").mayOnlyBeAccessedByLayers("configuration", "outbox", "consumer statuses", "reconciliation")
            .whereLayer("servers").mayOnlyBeAccessedByLayers("configuration", "outbox", "consumer statuses", "store",
                    "reconciliation");

    /**
     * Mappers are the store's, or package-private behind reconcile-job's façades; the one other statement is
     * the outbox's barrier, on its own check-back pool. The servers' package holds connections (pools,
     * routing), not statements.
     */
    @ArchTest
    static final ArchRule statementsLiveInTheStore = classes().that().areAnnotatedWith(Mapper.class)
            .should().resideInAnyPackage("dev.eventual.order.core.store", "dev.eventual.order.core.reconcile");

    /**
     * reconcile-job works order_db through these façades alone (what they return is nested in them); mappers,
     * rows and statements stay package-private behind them.
     */
    @ArchTest
    static final ArchRule reconciliationShowsOnlyItsFacades = classes()
            .that().resideInAPackage("dev.eventual.order.core.reconcile").and().arePublic().and().areTopLevelClasses()
            .should().haveNameMatching("dev\\.eventual\\.order\\.core\\.reconcile\\."
                    + "(ReconcilePages|WorkOrders|EventArchive|UnpaidOrders|InFlightOrders)");

    @ArchTest
    static final ArchRule sqlLivesInTheStoreAndTheBarrier = noClasses()
            .that(resideInAPackage("dev.eventual.order.core.store").negate()
                    .and(resideInAPackage("dev.eventual.order.core.shard").negate())
                    .and(simpleName("AttemptBarrier").negate()))
            .should().dependOnClassesThat().resideInAnyPackage("org.springframework.jdbc..", "java.sql..");

    /**
     * The outbox shows what its users call (use cases, the edges' decorators and hooks, the benchmark's
     * seam, its settings) and the broker's entry points; how an attempt runs stays package-private.
     */
    @ArchTest
    static final ArchRule theOutboxShowsOnlyItsApi = classes().that().resideInAPackage("dev.eventual.order.core.outbox")
            .and().arePublic().and().areTopLevelClasses()
            .should().haveNameMatching("dev\\.eventual\\.order\\.core\\.outbox\\.(OrderOutbox|Publication|NotPublishedException|NotPublishedReason"
                    + "|PublicationDecorator|CheckBackRollbacks|OrderEventPublication|OrderEventPublisher"
                    + "|LocalTransactionRunner|OutboxProperties|CheckBackProperties|CheckBack|OrderTransactionListener)");
}
