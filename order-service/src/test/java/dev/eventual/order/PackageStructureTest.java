package dev.eventual.order;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.core.importer.Location;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import dev.eventual.order.core.shard.OrderShards;
import dev.eventual.structure.DeployableStructure;

import static dev.eventual.structure.DeployableStructure.Statements.NONE;

/**
 * What order-service's packages mean (docs/design.md, "Code layout"): the conventions every deployable keeps,
 * over every package. order_db is order-core's (docs/design.md, "Who owns order_db"): order-service holds no
 * statement and picks no server; it calls order-core's façades. order-core's own classes live under this root
 * package too, as a jar or (in a reactor build's test phase) a classes directory: they are left out by package.
 */
@AnalyzeClasses(packages = "dev.eventual.order", importOptions = {ImportOption.DoNotIncludeTests.class,
        PackageStructureTest.NotOrderCore.class})
class PackageStructureTest {

    /** order-core is checked by its own structure test, not as a package of order-service. */
    static final class NotOrderCore implements ImportOption {

        @Override
        public boolean includes(Location location) {
            return !location.contains("/dev/eventual/order/core/");
        }
    }

    private static final DeployableStructure STRUCTURE = DeployableStructure.rootedAt("dev.eventual.order", NONE,
            "cancel", "consumer", "gate", "id", "payment", "placement", "publish", "query");

    @ArchTest
    static final ArchRule packageStructure = STRUCTURE.rules();

    /** Which order_db server a statement goes to is order-core's to say, inside its façades. */
    @ArchTest
    static final ArchRule noServerScopeOutsideOrderCore = STRUCTURE.neverCalls(OrderShards.class, "on", "run", "onOrder", "onUser");

    /** The stock gate is an edge around the publication (docs/stock-gate.md): only OrderGate meets the library. */
    @ArchTest
    static final ArchRule theGateLibraryOnlyThroughOrderGate = STRUCTURE.onlyThroughAdapter("dev.eventual.gate",
            "dev.eventual.order.gate.OrderGate");

    /** The acts do not know the gate: it decorates their publications from outside, and the web edge names its refusals. */
    @ArchTest
    static final ArchRule theGateIsReachedOnlyFromTheWebEdge = STRUCTURE.reachedOnlyFromTheWebEdge("gate");
}
