package dev.eventual.deploy;

import dev.eventual.inventory.InventoryServiceApplication;
import dev.eventual.notice.NoticeServiceApplication;
import dev.eventual.order.OrderServiceApplication;
import dev.eventual.reconcile.ReconcileJobApplication;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.source.ConfigurationPropertyName;
import org.springframework.boot.context.properties.source.ConfigurationPropertySource;
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
import java.lang.reflect.RecordComponent;
import java.net.URL;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The four services as the images run them: the module compose builds, and the configuration the
 * application reads (its {@code <CONFIG_NAME>.yml}, its {@code @ConfigurationProperties} records and
 * Spring Boot's documented properties), so an environment variable can be checked against it.
 */
enum SpringService {
    ORDER("order-service", OrderServiceApplication.class, OrderServiceApplication.CONFIG_NAME),
    INVENTORY("inventory-service", InventoryServiceApplication.class, InventoryServiceApplication.CONFIG_NAME),
    NOTICE("notice-service", NoticeServiceApplication.class, NoticeServiceApplication.CONFIG_NAME),
    RECONCILE("reconcile-job", ReconcileJobApplication.class, ReconcileJobApplication.CONFIG_NAME);

    /** Where the shared web layer's properties live (eventual.security.*, eventual.web.*): every service has it. */
    private static final String SHARED_PACKAGE = "dev.eventual.web";
    private static final Pattern PLACEHOLDER = Pattern.compile("\\$\\{([A-Za-z0-9_.-]+)(?::([^}]*))?}");
    private static final Set<String> BOOT_PROPERTIES = bootMetadataProperties();

    private final String module;
    private final Class<?> application;
    private final String configName;

    SpringService(String module, Class<?> application, String configName) {
        this.module = module;
        this.application = application;
        this.configName = configName;
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

    Map<String, Object> yml() {
        return new Yaml(new SafeConstructor(new LoaderOptions())).load(Repository.read(ymlPath()));
    }

    /** The yml value at a dotted key, placeholders resolved to their defaults. */
    String ymlDefault(String dottedKey) {
        Object node = yml();
        for (String part : dottedKey.split("\\.")) {
            node = Compose.map(node).get(part);
        }
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
     * Whether the service runs Flyway on its database, which makes it the schema's owner; reconcile-job
     * works on order-service's order_db without (docs/design.md, "Who owns order_db").
     */
    boolean migratesItsDatabase() {
        return Compose.map(Compose.map(yml().get("spring")).get("flyway")).containsKey("locations");
    }

    /** The placeholder name a yml value reads, e.g. ORDER_DB_PASSWORD for spring.datasource.password. */
    String ymlPlaceholder(String dottedKey) {
        Object node = yml();
        for (String part : dottedKey.split("\\.")) {
            node = Compose.map(node).get(part);
        }
        Matcher matcher = PLACEHOLDER.matcher(String.valueOf(node));
        if (!matcher.find()) {
            throw new IllegalArgumentException(dottedKey + " in " + ymlPath() + " reads no placeholder");
        }
        return matcher.group(1);
    }

    /**
     * Whether the application reads this environment variable: as a placeholder of its yml (e.g.
     * ORDER_DB_PASSWORD), or through Spring's relaxed binding of environment variables to a property
     * it has: a yml key, a property of its {@code @ConfigurationProperties} records, or a documented
     * Spring Boot property. The binding is Spring's own ({@link SystemEnvironmentPropertySource}), so
     * SPRING_DATASOURCE_URL matches spring.datasource.url and a typo matches nothing.
     */
    boolean reads(String environmentVariable) {
        if (ymlPlaceholders().contains(environmentVariable)) {
            return true;
        }
        ConfigurationPropertySource source = ConfigurationPropertySource.from(
                new SystemEnvironmentPropertySource(
                        // Boot picks its environment-variable mapping by this name
                        StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME, Map.of(environmentVariable, "x")));
        return properties().stream()
                .map(ConfigurationPropertyName::ofIfValid)
                .filter(name -> name != null)
                .anyMatch(name -> source.getConfigurationProperty(name) != null);
    }

    Set<String> ymlPlaceholders() {
        Set<String> names = new TreeSet<>();
        Matcher matcher = PLACEHOLDER.matcher(String.join("\n", leafValues(yml())));
        while (matcher.find()) {
            names.add(matcher.group(1));
        }
        return names;
    }

    /** Canonical property names this service has. */
    Set<String> properties() {
        Set<String> names = new LinkedHashSet<>(BOOT_PROPERTIES);
        flatten("", yml(), names);
        for (String basePackage : List.of(basePackage(), SHARED_PACKAGE)) {
            for (Class<?> type : configurationPropertiesTypes(basePackage)) {
                // merged, so value() and its alias prefix() both count
                String prefix = MergedAnnotations.from(type).get(ConfigurationProperties.class).getString("prefix");
                recordProperties(prefix, type, names);
            }
        }
        return names;
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

    private static void recordProperties(String prefix, Class<?> type, Set<String> names) {
        if (!type.isRecord()) {
            throw new IllegalStateException(type + " is not a record: teach SpringService its JavaBean properties");
        }
        for (RecordComponent component : type.getRecordComponents()) {
            String name = prefix + "." + kebab(component.getName());
            if (component.getType().isRecord()) {
                recordProperties(name, component.getType(), names);
            } else {
                names.add(name);
            }
        }
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
