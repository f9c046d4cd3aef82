package dev.eventual.order.core;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import org.apache.ibatis.annotations.Mapper;
import org.junit.jupiter.api.Test;

import java.util.List;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * What order-core's packages mean (docs/design.md, "Who owns order_db"): façades in front, every statement,
 * row and scope behind them. The rules are written over conventions, so a new package or mapper is covered
 * the day it appears.
 */
@AnalyzeClasses(packages = "dev.eventual.order.core", importOptions = ImportOption.DoNotIncludeTests.class)
class OrderCoreStructureTest {

    /** The deployables' whole view of order_db; more means a mapper, row or helper leaked out. */
    static final int MAX_PUBLIC_TYPES = 15;

    @ArchTest
    static final ArchRule packagesFormNoCycle = slices().matching("dev.eventual.order.core.(*)..").should().beFreeOfCycles();

    /** A statement is reached through the façade of its package, never called from outside it. */
    @ArchTest
    static final ArchRule mappersArePackagePrivate = classes().that().areAnnotatedWith(Mapper.class)
            .should().notBePublic().andShould().notBeProtected();

    /** Statements on the broker's check-back pool (the barrier) and the servers' pools are the only JDBC below MyBatis. */
    @ArchTest
    static final ArchRule jdbcOnlyWhereConnectionsAreKept = noClasses()
            .that().resideOutsideOfPackage("dev.eventual.order.core.shard")
            .and().doNotHaveSimpleName("AttemptBarrier")
            .should().dependOnClassesThat().resideInAnyPackage("org.springframework.jdbc..", "java.sql..");

    @Test
    void atMostFifteenPublicTypes() {
        JavaClasses main = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("dev.eventual.order.core");

        assertThat(publicTypes(main)).as("public top-level types of order-core").hasSizeLessThanOrEqualTo(MAX_PUBLIC_TYPES);
    }

    /**
     * Each rule of order-core's own fails on its deliberate breach (test sources, package {@code breach}), naming the
     * class that breaks it; the cycle rule is the deployables' one, seen failing in structure-rules' tests.
     */
    @Test
    void eachRuleFailsOnItsBreach() {
        JavaClasses breach = new ClassFileImporter().importPackages("dev.eventual.order.core.breach");

        assertThat(mappersArePackagePrivate.evaluate(breach).getFailureReport().getDetails())
                .singleElement().asString().contains("LeakedMapper");
        assertThat(jdbcOnlyWhereConnectionsAreKept.evaluate(breach).getFailureReport().getDetails())
                .isNotEmpty().allSatisfy(line -> assertThat(line).contains("RawJdbc"));
        assertThat(publicTypes(breach)).containsExactly("dev.eventual.order.core.breach.LeakedMapper");
    }

    private static List<String> publicTypes(JavaClasses classes) {
        return classes.stream().filter(JavaClass::isTopLevelClass)
                .filter(type -> type.getModifiers().contains(JavaModifier.PUBLIC))
                .map(JavaClass::getName).sorted().toList();
    }
}
