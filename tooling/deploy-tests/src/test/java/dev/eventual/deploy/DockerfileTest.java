package dev.eventual.deploy;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/** deploy/docker/Dockerfile: base images as arguments, the built jar in layers, non-root, a health check. */
class DockerfileTest {

    private static final String PATH = "deploy/docker/Dockerfile";

    private final String dockerfile = Repository.read(PATH);
    private final List<String> lines = dockerfile.lines().map(String::trim)
            .filter(line -> !line.isEmpty() && !line.startsWith("#")).toList();

    @Test
    void baseImagesAreBuildArguments() {
        assertThat(lines.get(0)).as("first instruction").startsWith("ARG JRE_IMAGE=");
        List<String> froms = lines.stream().filter(line -> line.startsWith("FROM ")).toList();
        assertThat(froms).hasSizeGreaterThanOrEqualTo(2)
                .allSatisfy(from -> assertThat(from).matches("FROM \\$\\{[A-Z_]+}( AS \\w+)?"));
    }

    @Test
    void packagesTheBuiltExecJarInSpringBootLayersWithoutMaven() {
        assertThat(dockerfile).contains("COPY ${MODULE}/target/*-exec.jar app.jar")
                .contains("java -Djarmode=tools -jar app.jar extract --layers --launcher")
                .contains("org.springframework.boot.loader.launch.JarLauncher");
        for (String layer : List.of("dependencies", "spring-boot-loader", "snapshot-dependencies", "application")) {
            assertThat(dockerfile).contains("COPY --from=layers /build/extracted/" + layer + "/ /app/");
        }
        assertThat(lines).noneMatch(line -> line.startsWith("RUN") && line.matches(".*\\bmvnw?\\b.*"));
        Compose.load().builtModules().values().forEach(module ->
                assertThat(Poms.bootJarClassifier(module)).as(module + " repackages to *-exec.jar").isEqualTo("exec"));
    }

    @Test
    void runsAsANonRootUser() {
        List<String> users = lines.stream().filter(line -> line.startsWith("USER ")).toList();
        assertThat(users).isNotEmpty();
        String user = users.get(users.size() - 1).substring("USER ".length());
        assertThat(user).isNotIn("root", "0", "0:0");
        assertThat(lines.indexOf(users.get(users.size() - 1))).isLessThan(indexOf("ENTRYPOINT"));
    }

    @Test
    void aNamedVolumeOfABuiltServiceIsMountedOnADirectoryTheImageGivesTheAppUser() {
        // a fresh named volume takes the owner of the image's directory; on a path the image lacks it is root's
        Compose compose = Compose.load();
        List<String> targets = compose.builtModules().keySet().stream()
                .flatMap(name -> compose.strings(name, "volumes").stream())
                .map(volume -> volume.split(":"))
                .filter(parts -> Compose.map(compose.root().get("volumes")).containsKey(parts[0]))
                .map(parts -> parts[1])
                .toList();
        assertThat(targets).as("the auth-server's signing key").isNotEmpty().allSatisfy(target ->
                assertThat(dockerfile).as(target).containsPattern("install -d -o app -g app -m 0700 " + Pattern.quote(target) + "\\s*(\\n|$)"));
    }

    @Test
    void checksTheActuatorHealthEndpointOnTheManagementPort() {
        assertThat(dockerfile).containsPattern("(?m)^ENV HEALTHCHECK_PORT=\\$\\{MANAGEMENT_PORT} ");
        assertThat(dockerfile).containsPattern("HEALTHCHECK [^\\n]*\\\\\\n\\s*CMD bash /usr/local/bin/eventual-healthcheck \"\\$HEALTHCHECK_PORT\" /actuator/health");
        assertThat(dockerfile).contains("COPY deploy/docker/healthcheck.sh /usr/local/bin/eventual-healthcheck");
    }

    @Test
    void composeBuildArgumentsAreDeclaredAndTheContextLetsTheCopiesThrough() {
        Compose compose = Compose.load();
        compose.builtModules().keySet().forEach(name -> compose.buildArgs(name).keySet().forEach(arg ->
                assertThat(dockerfile).as(name + " passes " + arg).containsPattern("(?m)^ARG " + arg + "(=|$)")));
        String dockerignore = Repository.read(".dockerignore");
        Matcher copies = Pattern.compile("(?m)^COPY (?!--from)(\\S+) ").matcher(dockerfile);
        int count = 0;
        while (copies.find()) {
            String source = copies.group(1).replace("${MODULE}", "*");
            assertThat(dockerignore).as(".dockerignore lets " + source + " into the build context").contains("\n!" + source + "\n");
            count++;
        }
        assertThat(count).isEqualTo(2);
    }

    private int indexOf(String instruction) {
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).startsWith(instruction + " ")) {
                return i;
            }
        }
        throw new AssertionError("no " + instruction + " in " + PATH);
    }
}
