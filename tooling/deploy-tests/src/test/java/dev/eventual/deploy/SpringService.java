package dev.eventual.deploy;

import dev.eventual.auth.AuthServerApplication;
import dev.eventual.inventory.InventoryServiceApplication;
import dev.eventual.notice.NoticeServiceApplication;
import dev.eventual.order.OrderServiceApplication;
import dev.eventual.reconcile.ReconcileJobApplication;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.source.ConfigurationPropertyName;
import org.springframework.boot.context.properties.source.ConfigurationPropertySource;
import org.springframework.boot.context.properties.source.ConfigurationPropertyState;
import org.springframework.boot.context.properties.source.IterableConfigurationPropertySource;
import org.springframework.context.annotation.ClassPathScanningCandidateComponentProvider;
import org.springframework.core.annotation.MergedAnnotations;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.env.SystemEnvironmentPropertySource;
import org.springframework.core.type.filter.AnnotationTypeFilter;
import org.springframework.util.ClassUtils;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.net.URL;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The applications compose builds images of (the four services and the auth-server) as the images run
 * them: the module compose builds, and the configuration the application reads (its
 * {@code <CONFIG_NAME>.yml}, its {@code @ConfigurationProperties} records and Spring Boot's documented
 * properties), so an environment variable can be checked against it.
 */
enum SpringService {
    ORDER("order-service", OrderServiceApplication.class, OrderServiceApplication.CONFIG_NAME, SpringService.WEB_SUPPORT),
    INVENTORY("inventory-service", InventoryServiceApplication.class, InventoryServiceApplication.CONFIG_NAME, SpringService.WEB_SUPPORT),
    NOTICE("notice-service", NoticeServiceApplication.class, NoticeServiceApplication.CONFIG_NAME, SpringService.WEB_SUPPORT),
    RECONCILE("reconcile-job", ReconcileJobApplication.class, ReconcileJobApplication.CONFIG_NAME, SpringService.WEB_SUPPORT),
    // no web-support: it is no resource server of the suite (its yml excludes that auto-configuration)
    AUTH("auth-server", AuthServerApplication.class, AuthServerApplication.CONFIG_NAME);

    /** Where the shared web layer's properties live (eventual.security.*, eventual.web.*): every service has it. */
    private static final String WEB_SUPPORT = "dev.eventual.web";
    private static final Pattern PLACEHOLDER = Pattern.compile("\\$\\{([A-Za-z0-9_.-]+)(?::([^}]*))?}");
    private static final Set<String> BOOT_PROPERTIES = bootMetadataProperties();

    private final String module;
    private final Class<?> application;
    private final String configName;
    /** Packages besides the application's own whose {@code @ConfigurationProperties} it binds. */
    private final List<String> sharedPackages;

    SpringService(String module, Class<?> application, String configName, String... sharedPackages) {
        this.module = module;
        this.application = application;
        this.configName = configName;
        this.sharedPackages = List.of(sharedPackages);
    }

    static SpringService ofModule(String module) {
        return Arrays.stream(values()).filter(service -> service.module.equals(module)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no service module " + module));
    }

    String module() {
        return module;
    }

    String basePackage() {
        return application.getPackageName();
    }

    /** The yml the application reads: main() sets spring.config.name to the application's CONFIG_NAME. */
    String ymlPath() {
        return module + "/src/main/resources/" + configName + ".yml";
    }

    /** The yml's first document: what applies whatever the profiles (the later ones each name theirs). */
    Map<String, Object> yml() {
        return documents().get(0);
    }

    /** The yml's documents, the first one and each profile's ({@code spring.config.activate.on-profile}). */
    List<Map<String, Object>> documents() {
        List<Map<String, Object>> documents = new ArrayList<>();
        new Yaml(new SafeConstructor(new LoaderOptions())).loadAll(Repository.read(ymlPath()))
                .forEach(document -> documents.add(Compose.map(document)));
        return documents;
    }

    /** The document that applies only when the given profile is on. */
    Map<String, Object> profileDocument(String profile) {
        return documents().stream()
                .filter(document -> profile.equals(at(document, "spring.config.activate.on-profile")))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no document for the profile " + profile + " in " + ymlPath()));
    }

    /**
     * Whether the application keeps data in a database: its yml names a datasource URL. The auth-server
     * keeps its users in configuration and its signing key in a file, so it has none (and no init SQL,
     * no database password, no broker).
     */
    boolean hasDatabase() {
        return at(yml(), "spring.datasource.url") != null;
    }

    /** The yml value at a dotted key, placeholders resolved to their defaults. */
    String ymlDefault(String dottedKey) {
        Object node = at(yml(), dottedKey);
        if (node == null) {
            throw new IllegalArgumentException(dottedKey + " not in " + ymlPath());
        }
        Matcher matcher = PLACEHOLDER.matcher(node.toString());
        StringBuilder resolved = new StringBuilder();
        while (matcher.find()) {
            matcher.appendReplacement(resolved, Matcher.quoteReplacement(matcher.group(2) == null ? "" : matcher.group(2)));
        }
        return matcher.appendTail(resolved).toString();
    }

    /**
     * Whether the service runs Flyway on its database at start (its yml names its scripts, or turns Flyway on for
     * order-core's, as order-service does), which is why its account has DDL; reconcile-job works on order_db with
     * Flyway off (docs/design.md, "Who owns order_db").
     */
    boolean migratesItsDatabase() {
        Map<String, Object> flyway = Compose.map(Compose.map(yml().get("spring")).get("flyway"));
        return !flyway.isEmpty() && !Boolean.FALSE.equals(flyway.get("enabled"));
    }

    /** The placeholder name a yml value reads, e.g. ORDER_DB_PASSWORD for spring.datasource.password. */
    String ymlPlaceholder(String dottedKey) {
        return placeholder(yml(), dottedKey);
    }

    /** The placeholder name a value of one of the yml's documents reads. */
    String placeholder(Map<String, Object> document, String dottedKey) {
        Matcher matcher = PLACEHOLDER.matcher(String.valueOf(at(document, dottedKey)));
        if (!matcher.find()) {
            throw new IllegalArgumentException(dottedKey + " in " + ymlPath() + " reads no placeholder");
        }
        return matcher.group(1);
    }

    /**
     * The value at a dotted key of a yml document, or null. Each part of the key is one yml key, so a
     * map key holding dots is not reachable this way.
     */
    static Object at(Map<String, Object> document, String dottedKey) {
        Object node = document;
        for (String part : dottedKey.split("\\.")) {
            node = Compose.map(node).get(part);
        }
        return node;
    }

    /**
     * Whether the application reads this environment variable: as a placeholder of its yml (e.g.
     * ORDER_DB_PASSWORD), or through Spring's relaxed binding of environment variables to a property
     * it has: a yml key, a property of its {@code @ConfigurationProperties} records, or a documented
     * Spring Boot property. The binding is Spring's own ({@link SystemEnvironmentPropertySource}), so
     * SPRING_DATASOURCE_URL matches spring.datasource.url and a typo matches nothing. A Map-typed
     * record property takes the variables below it (EVENTUAL_AUTH_USERS_OLGA_PASSWORD: key olga of
     * eventual.auth.users), and when its values are records, only with one of their properties after
     * the key.
     */
    boolean reads(String environmentVariable) {
        if (ymlPlaceholders().contains(environmentVariable)) {
            return true;
        }
        IterableConfigurationPropertySource source = (IterableConfigurationPropertySource) ConfigurationPropertySource.from(
                new SystemEnvironmentPropertySource(
                        // Boot picks its environment-variable mapping by this name
                        StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME, Map.of(environmentVariable, "x")));
        boolean property = properties().stream()
                .map(ConfigurationPropertyName::ofIfValid)
                .filter(Objects::nonNull)
                .anyMatch(name -> source.getConfigurationProperty(name) != null);
        return property || mapProperties().entrySet().stream()
                .anyMatch(map -> bindsInto(source, ConfigurationPropertyName.of(map.getKey()), map.getValue()));
    }

    /**
     * Whether the source's variable binds into the Map-typed property: below it as Spring sees it
     * ({@link ConfigurationPropertySource#containsDescendantOf}), and for record values a key followed by
     * one of the record's properties, e.g. eventual.auth.users.olga.password.
     */
    private static boolean bindsInto(IterableConfigurationPropertySource source, ConfigurationPropertyName map,
                                     Set<String> valueProperties) {
        if (source.containsDescendantOf(map) != ConfigurationPropertyState.PRESENT) {
            return false;
        }
        if (valueProperties.isEmpty()) {
            return true;
        }
        int entry = map.getNumberOfElements() + 1;
        return source.stream()
                .filter(name -> map.isAncestorOf(name) && name.getNumberOfElements() > entry)
                .map(name -> name.chop(entry))
                .anyMatch(key -> valueProperties.stream()
                        .anyMatch(value -> source.getConfigurationProperty(key.append(value)) != null));
    }

    /** The placeholders of every document of the yml, profiles' included. */
    Set<String> ymlPlaceholders() {
        Set<String> names = new TreeSet<>();
        Matcher matcher = PLACEHOLDER.matcher(String.join("\n", leafValues(documents())));
        while (matcher.find()) {
            names.add(matcher.group(1));
        }
        return names;
    }

    /** Canonical property names this service has (Map-typed record properties: {@link #mapProperties()}). */
    Set<String> properties() {
        Set<String> names = new LinkedHashSet<>(BOOT_PROPERTIES);
        documents().forEach(document -> flatten("", document, names));
        recordProperties(names, new LinkedHashMap<>());
        return names;
    }

    /**
     * The Map-typed properties of its {@code @ConfigurationProperties} records, each with the properties
     * of its values when they are records (empty: the values are plain, any name below the map binds).
     */
    Map<String, Set<String>> mapProperties() {
        Map<String, Set<String>> maps = new LinkedHashMap<>();
        recordProperties(new LinkedHashSet<>(), maps);
        return maps;
    }

    private void recordProperties(Set<String> names, Map<String, Set<String>> maps) {
        List<String> packages = new ArrayList<>(List.of(basePackage()));
        packages.addAll(sharedPackages);
        for (String basePackage : packages) {
            for (Class<?> type : configurationPropertiesTypes(basePackage)) {
                // merged, so value() and its alias prefix() both count
                String prefix = MergedAnnotations.from(type).get(ConfigurationProperties.class).getString("prefix");
                recordProperties(prefix, type, names, maps);
            }
        }
    }

    private static List<Class<?>> configurationPropertiesTypes(String basePackage) {
        ClassPathScanningCandidateComponentProvider scanner = new ClassPathScanningCandidateComponentProvider(false);
        scanner.addIncludeFilter(new AnnotationTypeFilter(ConfigurationProperties.class));
        List<Class<?>> types = new ArrayList<>();
        for (BeanDefinition candidate : scanner.findCandidateComponents(basePackage)) {
            types.add(ClassUtils.resolveClassName(candidate.getBeanClassName(), SpringService.class.getClassLoader()));
        }
        return types;
    }

    private static void recordProperties(String prefix, Class<?> type, Set<String> names, Map<String, Set<String>> maps) {
        if (!type.isRecord()) {
            throw new IllegalStateException(type + " is not a record: teach SpringService its JavaBean properties");
        }
        for (RecordComponent component : type.getRecordComponents()) {
            String name = prefix + "." + kebab(component.getName());
            if (component.getType().isRecord()) {
                recordProperties(name, component.getType(), names, maps);
            } else if (Map.class.isAssignableFrom(component.getType())) {
                Set<String> valueProperties = new LinkedHashSet<>();
                Class<?> valueType = mapValueType(component.getGenericType());
                if (valueType != null && valueType.isRecord()) {
                    Set<String> relative = new LinkedHashSet<>();
                    recordProperties("", valueType, relative, new LinkedHashMap<>());
                    relative.forEach(property -> valueProperties.add(property.substring(1)));
                }
                maps.put(name, valueProperties);
            } else {
                names.add(name);
            }
        }
    }

    private static Class<?> mapValueType(Type mapType) {
        if (mapType instanceof ParameterizedType parameterized
                && parameterized.getActualTypeArguments()[1] instanceof Class<?> valueType) {
            return valueType;
        }
        return null;
    }

    private static String kebab(String camel) {
        return camel.replaceAll("([a-z0-9])([A-Z])", "$1-$2").toLowerCase();
    }

    private static void flatten(String prefix, Object node, Set<String> names) {
        if (node instanceof Map<?, ?> map) {
            map.forEach((key, value) -> {
                String part = key.toString();
                // "[mail.smtp.timeout]" is one map key holding dots
                String name = prefix.isEmpty() ? part : part.startsWith("[") ? prefix + part : prefix + "." + part;
                flatten(name, value, names);
            });
        } else {
            names.add(prefix);
        }
    }

    private static List<String> leafValues(Object node) {
        if (node instanceof Map<?, ?> map) {
            return map.values().stream().flatMap(value -> leafValues(value).stream()).toList();
        }
        if (node instanceof List<?> list) {
            return list.stream().flatMap(value -> leafValues(value).stream()).toList();
        }
        return node == null ? List.of() : List.of(node.toString());
    }

    /** Every property documented in the configuration metadata of the jars on the classpath. */
    private static Set<String> bootMetadataProperties() {
        Set<String> names = new TreeSet<>();
        JsonMapper mapper = JsonMapper.builder().build();
        try {
            for (URL url : Collections.list(SpringService.class.getClassLoader()
                    .getResources("META-INF/spring-configuration-metadata.json"))) {
                try (InputStream in = url.openStream()) {
                    JsonNode properties = mapper.readTree(in).path("properties");
                    properties.forEach(property -> names.add(property.path("name").asString()));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return names;
    }
}
