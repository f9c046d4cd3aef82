package dev.eventual.deploy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** Runs one of the stack's shell scripts here, with only the environment given (plus PATH). */
final class Shell {

    private Shell() {
    }

    static Result run(Map<String, String> environment, String... command) {
        return run(null, environment, command);
    }

    /** @param extraPath a directory put first on PATH, for stand-ins of the container's tools */
    static Result run(Path extraPath, Map<String, String> environment, String... command) {
        ProcessBuilder builder = new ProcessBuilder(List.of(command)).redirectErrorStream(true);
        builder.environment().clear();
        builder.environment().putAll(environment);
        builder.environment().put("PATH", (extraPath == null ? "" : extraPath + ":") + "/usr/local/bin:/usr/bin:/bin");
        try {
            Process process = builder.start();
            process.getOutputStream().close();
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new IllegalStateException(String.join(" ", command) + " did not finish in 30 s");
            }
            return new Result(process.exitValue(), output);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    static String[] bash(String script, String... args) {
        List<String> command = new ArrayList<>(List.of("bash", Repository.path(script).toString()));
        command.addAll(List.of(args));
        return command.toArray(String[]::new);
    }

    static String[] sh(String script, String... args) {
        List<String> command = new ArrayList<>(List.of("sh", Repository.path(script).toString()));
        command.addAll(List.of(args));
        return command.toArray(String[]::new);
    }

    record Result(int exitCode, String output) {
    }
}
