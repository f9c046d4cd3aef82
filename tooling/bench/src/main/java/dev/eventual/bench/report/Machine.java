package dev.eventual.bench.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/** The box a run ran on, from /proc and the JVM: part of the result file's name. */
public record Machine(int cores, double ramGib, String cpuModel, String jdk, String os) {

    public static Machine current() {
        return new Machine(Runtime.getRuntime().availableProcessors(), readRamGib(), readCpuModel(),
                System.getProperty("java.vm.vendor") + " " + System.getProperty("java.runtime.version"),
                System.getProperty("os.name") + " " + System.getProperty("os.version"));
    }

    /** e.g. {@code 2c-24g-amd-epyc-7b13-jdk17}. */
    public String slug() {
        String cpu = cpuModel.toLowerCase(Locale.ROOT).replaceAll("\\(r\\)|\\(tm\\)|cpu|processor|@.*", " ")
                .replaceAll("[^a-z0-9]+", "-").replaceAll("(^-+|-+$)", "");
        return cores + "c-" + Math.round(ramGib) + "g-" + cpu + "-jdk" + Runtime.version().feature();
    }

    private static String readCpuModel() {
        return procLines("/proc/cpuinfo").stream().filter(line -> line.startsWith("model name"))
                .map(line -> line.substring(line.indexOf(':') + 1).trim()).findFirst().orElse("unknown");
    }

    private static double readRamGib() {
        return procLines("/proc/meminfo").stream().filter(line -> line.startsWith("MemTotal:"))
                .mapToDouble(line -> Long.parseLong(line.replaceAll("[^0-9]", "")) / 1024.0 / 1024.0).findFirst().orElse(0);
    }

    private static List<String> procLines(String file) {
        try {
            return Files.readAllLines(Path.of(file));
        } catch (IOException e) {
            return List.of();
        }
    }
}
