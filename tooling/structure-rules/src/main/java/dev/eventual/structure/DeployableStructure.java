package dev.eventual.structure;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaMethodCall;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.CompositeArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;

import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;

import static com.tngtech.archunit.base.DescribedPredicate.describe;
import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/**
 * The package rules of a deployable rooted at one package (docs/design.md, "Code layout"), written
 * over package patterns, so that every rule holds for every package, present or added later.
 * <p>
 * Each top-level package under the root has a role by its name: {@value #WEB_EDGE} is the web edge,
 * {@value #BROKER_EDGE} the broker edge, {@value #CONFIGURATION} configuration, {@value #STORE} the
 * statements; any other is one of the features the deployable declares. The root itself holds the
 * application and its configuration only. A class anywhere else is unclassified and fails
 * {@link #everyClassIsClassified()}: a new package is named for a role or declared as a feature
 * before it passes, and then every rule below covers it.
 */
public final class DeployableStructure {

    /** The web edge: controllers, their request and response types, their problem advice, the API docs. */
    public static final String WEB_EDGE = "api";
    /** The broker edge: the listeners of the order topic. */
    public static final String BROKER_EDGE = "consume";
    /** Properties and wiring. */
    public static final String CONFIGURATION = "config";
    /** The statements, in a deployable that keeps them in one package ({@link Statements#IN_STORE}). */
    public static final String STORE = "store";

    private static final List<String> ROLES = List.of(WEB_EDGE, BROKER_EDGE, CONFIGURATION, STORE);
    private static final String[] STATEMENT_LIBRARIES = {"org.apache.ibatis..", "org.mybatis..", "com.baomidou..",
            "org.springframework.jdbc..", "java.sql..", "javax.sql.."};
    private static final String BROKER_LIBRARY = "org.apache.rocketmq..";

    /** Where a deployable keeps its statements (MyBatis mappers, JDBC). */
    public enum Statements {
        /** all in {@value #STORE} (notice-service) */
        IN_STORE,
        /** each in the feature that owns its table (inventory-service) */
        IN_FEATURES,
        /** nowhere: the deployable has no database (auth-server) */
        NONE
    }

    private final String root;
    private final Statements statements;
    private final List<String> features;

    private DeployableStructure(String root, Statements statements, List<String> features) {
        this.root = root;
        this.statements = statements;
        this.features = features;
    }

    /**
     * @param root       the deployable's root package
     * @param statements where it keeps its statements
     * @param features   its top-level feature packages (their simple names); every other top-level
     *                   package is one of the roles or unclassified
     */
    public static DeployableStructure rootedAt(String root, Statements statements, String... features) {
        List<String> declared = List.of(features);
        declared.stream().filter(ROLES::contains).findAny().ifPresent(role -> {
            throw new IllegalArgumentException("'" + role + "' is a role by its name, not a feature");
        });
        return new DeployableStructure(root, statements, declared);
    }

    /** Every rule below, as one rule: a deployable's structure test checks this. */
    public ArchRule rules() {
        return CompositeArchRule.of(packagesFormNoCycle())
                .and(noPackageIsNamedInternal())
                .and(everyClassIsClassified())
                .and(nothingReachesTheWebEdge())
                .and(nothingReachesTheBrokerEdge())
                .and(statementsStayWhereTheDeployableKeepsThem())
                .and(onlyTheBrokerEdgeMeetsTheBroker());
    }

    /** The top-level packages depend on each other in one direction only. */
    public ArchRule packagesFormNoCycle() {
        return slices().matching(root + ".(*)..").should().beFreeOfCycles().allowEmptyShould(true)
                .as("the top-level packages of " + root + " form no cycle");
    }

    /** An API peers call belongs to the feature that answers it; "internal" would say the opposite. */
    public ArchRule noPackageIsNamedInternal() {
        return noClasses().that(inRoot()).should().resideInAPackage("..internal..").allowEmptyShould(true)
                .as("no package of " + root + " is named internal");
    }

    /** No class escapes the rules: each is in the root as configuration, in a role's package or in a declared feature. */
    public ArchRule everyClassIsClassified() {
        DescribedPredicate<JavaClass> rootConfiguration = resideInAPackage(root)
                .and(isOrIsNestedIn(describe("configuration",
                        c -> c.isMetaAnnotatedWith("org.springframework.context.annotation.Configuration"))));
        DescribedPredicate<JavaClass> classified = rootConfiguration.or(in(ROLES))
                .or(in(features));
        String places = "configuration in the root, in a role's package " + ROLES + ", in a declared feature " + features;
        ArchCondition<JavaClass> beClassified = new ArchCondition<>("be classified: " + places) {
            @Override
            public void check(JavaClass type, ConditionEvents events) {
                boolean ok = classified.test(type);
                events.add(new SimpleConditionEvent(type, ok, type.getName() + (ok ? " is classified"
                        : " is unclassified: it is none of " + places)));
            }
        };
        // not allowed empty: a root that matches no class is a mistake in the test, not a clean deployable
        return classes().that(inRoot()).should(beClassified).as("every class of " + root + " is classified");
    }

    /** The web edge ({@value #WEB_EDGE}, controllers and their advice anywhere) is an entry point: nothing else uses it. */
    public ArchRule nothingReachesTheWebEdge() {
        DescribedPredicate<JavaClass> webEdge = webEdge();
        return noClasses().that(inRoot().and(not(webEdge))).should().dependOnClassesThat(webEdge).allowEmptyShould(true)
                .as("nothing of " + root + " beside the web edge (" + WEB_EDGE + ", controllers and their advice) uses it");
    }

    /** The broker edge ({@value #BROKER_EDGE}) is an entry point: nothing else uses it. */
    public ArchRule nothingReachesTheBrokerEdge() {
        DescribedPredicate<JavaClass> brokerEdge = in(BROKER_EDGE);
        return noClasses().that(inRoot().and(not(brokerEdge))).should().dependOnClassesThat(brokerEdge)
                .allowEmptyShould(true).as("nothing of " + root + " beside the broker edge (" + BROKER_EDGE + ") uses it");
    }

    /** MyBatis and JDBC only where the deployable keeps its statements, never at an edge or in configuration. */
    public ArchRule statementsStayWhereTheDeployableKeepsThem() {
        DescribedPredicate<JavaClass> keepers = switch (statements) {
            case IN_STORE -> in(STORE).as(STORE);
            case IN_FEATURES -> in(features).and(not(webEdge())).as("the features, not their controllers");
            case NONE -> describe("nowhere", c -> false);
        };
        return noClasses().that(inRoot().and(not(keepers))).should().dependOnClassesThat()
                .resideInAnyPackage(STATEMENT_LIBRARIES).allowEmptyShould(true)
                .as("MyBatis and JDBC in " + root + " only in " + keepers.getDescription());
    }

    /** RocketMQ only at the broker edge: features read events the edge hands them. */
    public ArchRule onlyTheBrokerEdgeMeetsTheBroker() {
        return noClasses().that(inRoot().and(not(in(BROKER_EDGE)))).should().dependOnClassesThat()
                .resideInAPackage(BROKER_LIBRARY).allowEmptyShould(true)
                .as("RocketMQ in " + root + " only at the broker edge (" + BROKER_EDGE + ")");
    }

    /** A feature only it and the web edge use: the web edge calls it, no other feature knows it. */
    public ArchRule reachedOnlyFromTheWebEdge(String feature) {
        DescribedPredicate<JavaClass> target = in(feature);
        return noClasses().that(inRoot().and(not(target)).and(not(webEdge()))).should().dependOnClassesThat(target)
                .allowEmptyShould(true).as(root + "." + feature + " is reached only from the web edge");
    }

    /**
     * One class of the deployable (with its nested classes) is the adapter to a library: every other
     * class goes through it, so the library's types stop at that class.
     *
     * @param library a package, with its sub-packages
     * @param adapter the adapter's fully qualified name
     */
    public ArchRule onlyThroughAdapter(String library, String adapter) {
        return noClasses().that(inRoot().and(not(isOrIsNestedIn(describe(adapter, c -> c.getName().equals(adapter))))))
                .should().dependOnClassesThat().resideInAPackage(library + "..").allowEmptyShould(true)
                .as(root + " reaches " + library + " only through " + adapter);
    }

    /**
     * Methods of a library's type the deployable leaves to the library: no class of the root calls them (order_db's
     * server scopes are order-core's to pick, inside its façades).
     *
     * @param owner   the type whose methods are meant
     * @param methods their names (every overload)
     */
    public ArchRule neverCalls(Class<?> owner, String... methods) {
        Set<String> names = Set.of(methods);
        DescribedPredicate<JavaMethodCall> call = describe(owner.getSimpleName() + "." + names,
                c -> c.getTargetOwner().isEquivalentTo(owner) && names.contains(c.getName()));
        return noClasses().that(inRoot()).should().callMethodWhere(call).allowEmptyShould(true)
                .as("no class of " + root + " calls " + owner.getSimpleName() + "." + String.join("/", methods));
    }

    private DescribedPredicate<JavaClass> webEdge() {
        return in(WEB_EDGE).or(isOrIsNestedIn(describe("a controller or its advice",
                        c -> c.isMetaAnnotatedWith("org.springframework.stereotype.Controller")
                                || c.isMetaAnnotatedWith("org.springframework.web.bind.annotation.ControllerAdvice"))))
                .as("the web edge (" + WEB_EDGE + ", controllers and their advice)");
    }

    private DescribedPredicate<JavaClass> inRoot() {
        return resideInAPackage(root + "..").as("reside in " + root);
    }

    /** In one of these top-level packages of the root, or below. */
    private DescribedPredicate<JavaClass> in(List<String> topLevelPackages) {
        return resideInAnyPackage(topLevelPackages.stream().map(p -> root + "." + p + "..").toArray(String[]::new));
    }

    private DescribedPredicate<JavaClass> in(String topLevelPackage) {
        return in(List.of(topLevelPackage));
    }

    /** Nested, anonymous and local classes belong to the class around them. */
    private static DescribedPredicate<JavaClass> isOrIsNestedIn(DescribedPredicate<JavaClass> outer) {
        Predicate<JavaClass> test = c -> {
            for (Optional<JavaClass> at = Optional.of(c); at.isPresent(); at = at.get().getEnclosingClass()) {
                if (outer.test(at.get())) {
                    return true;
                }
            }
            return false;
        };
        return describe(outer.getDescription() + " (or nested in one)", test);
    }
}
