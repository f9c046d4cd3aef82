package dev.eventual.deploy;

import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** docker-compose.yml as compose reads it (YAML merge keys resolved), before variable interpolation. */
final class Compose {

    /** {@code ${NAME}}, {@code ${NAME:-default}} or {@code ${NAME:?message}}; {@code $$} escapes a dollar. */
    static final Pattern VARIABLE = Pattern.compile("(?<!\\$)\\$\\{([A-Za-z0-9_]+)(?:(:[-?])([^}]*))?}");

    /** The recipe of the images of the four services and the auth-server. */
    static final String SERVICE_DOCKERFILE = "deploy/docker/Dockerfile";

    private final Map<String, Object> root;

    private Compose(Map<String, Object> root) {
        this.root = root;
    }

    static Compose load() {
        return parse(Repository.read("docker-compose.yml"));
    }

    static Compose parse(String yaml) {
        return new Compose(new Yaml(new SafeConstructor(new LoaderOptions())).load(yaml));
    }

    Map<String, Object> root() {
        return root;
    }

    @SuppressWarnings("unchecked")
    Map<String, Map<String, Object>> services() {
        return (Map<String, Map<String, Object>>) (Map<?, ?>) map(root.get("services"));
    }

    Map<String, Object> service(String name) {
        Map<String, Object> service = services().get(name);
        if (service == null) {
            throw new IllegalArgumentException("no service " + name + " in docker-compose.yml");
        }
        return service;
    }

    /** The services built from deploy/docker/Dockerfile, by name, with the module each packages. */
    Map<String, String> builtModules() {
        Map<String, String> modules = new LinkedHashMap<>();
        services().forEach((name, service) -> {
            if (SERVICE_DOCKERFILE.equals(map(service.get("build")).get("dockerfile"))) {
                modules.put(name, buildArgs(name).get("MODULE"));
            }
        });
        return modules;
    }

    Map<String, String> environment(String name) {
        Object environment = service(name).get("environment");
        Map<String, String> result = new LinkedHashMap<>();
        if (environment instanceof Map<?, ?> entries) {
            entries.forEach((key, value) -> result.put(key.toString(), value == null ? null : value.toString()));
        } else if (environment instanceof List<?> entries) {
            entries.forEach(entry -> {
                String[] parts = entry.toString().split("=", 2);
                result.put(parts[0], parts.length > 1 ? parts[1] : null);
            });
        }
        return result;
    }

    Map<String, String> buildArgs(String name) {
        Map<String, Object> build = map(service(name).get("build"));
        Map<String, String> args = new LinkedHashMap<>();
        map(build.get("args")).forEach((key, value) -> args.put(key, value.toString()));
        return args;
    }

    List<String> strings(String service, String key) {
        Object value = service(service).get(key);
        List<String> result = new ArrayList<>();
        if (value instanceof Collection<?> items) {
            items.forEach(item -> result.add(item.toString()));
        }
        return result;
    }

    /** The other names a service has on the stack's default network ({@code networks: default: aliases:}). */
    List<String> networkAliases(String name) {
        Object aliases = map(map(service(name).get("networks")).get("default")).get("aliases");
        List<String> result = new ArrayList<>();
        if (aliases instanceof Collection<?> items) {
            items.forEach(item -> result.add(item.toString()));
        }
        return result;
    }

    /** The service a host name reaches on the stack's network, by its name or a network alias, or null. */
    String serviceReachedAs(String host) {
        if (services().containsKey(host)) {
            return host;
        }
        return services().keySet().stream().filter(name -> networkAliases(name).contains(host)).findFirst().orElse(null);
    }

    Map<String, String> dependsOn(String name) {
        Map<String, String> conditions = new LinkedHashMap<>();
        map(service(name).get("depends_on")).forEach((target, spec) ->
                conditions.put(target, String.valueOf(map(spec).get("condition"))));
        return conditions;
    }

    /** Every string value anywhere in the file (comments are not values). */
    List<String> allValues() {
        List<String> values = new ArrayList<>();
        collect(root, values);
        return values;
    }

    /** The variables the file interpolates, each with its operator (":-", ":?" or "") and argument. */
    Set<Variable> variables() {
        Set<Variable> variables = new LinkedHashSet<>();
        for (String value : allValues()) {
            Matcher matcher = VARIABLE.matcher(value);
            while (matcher.find()) {
                variables.add(new Variable(matcher.group(1), matcher.group(2) == null ? "" : matcher.group(2),
                        matcher.group(3) == null ? "" : matcher.group(3)));
            }
        }
        return variables;
    }

    /** The value compose would use with no .env: defaults filled in, required variables as {@code <NAME>}. */
    static String withDefaults(String value) {
        Matcher matcher = VARIABLE.matcher(value);
        StringBuilder result = new StringBuilder();
        while (matcher.find()) {
            String replacement = ":-".equals(matcher.group(2)) ? matcher.group(3) : "<" + matcher.group(1) + ">";
            matcher.appendReplacement(result, Matcher.quoteReplacement(replacement));
        }
        matcher.appendTail(result);
        return result.toString();
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> map(Object value) {
        return value instanceof Map<?, ?> ? (Map<String, Object>) value : Map.of();
    }

    private static void collect(Object node, List<String> values) {
        if (node instanceof Map<?, ?> map) {
            map.values().forEach(child -> collect(child, values));
        } else if (node instanceof Collection<?> list) {
            list.forEach(child -> collect(child, values));
        } else if (node != null) {
            values.add(node.toString());
        }
    }

    record Variable(String name, String operator, String argument) {

        boolean required() {
            return ":?".equals(operator);
        }

        boolean hasDefault() {
            return ":-".equals(operator);
        }
    }
}
