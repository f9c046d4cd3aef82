package dev.eventual.bench.report;

import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Writes {@code <date>-<machine>.json} and {@code .md} into the results directory. */
public final class ReportWriter {

    private static final JsonMapper JSON = JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();

    private ReportWriter() {
    }

    public static String json(BenchReport report) {
        return JSON.writeValueAsString(report);
    }

    /** @return the JSON file written */
    public static Path write(BenchReport report, Path directory) {
        String name = report.date() + "-" + report.machine().slug();
        try {
            Files.createDirectories(directory);
            Path json = directory.resolve(name + ".json");
            Files.writeString(json, json(report) + "\n");
            Files.writeString(directory.resolve(name + ".md"), MarkdownReport.render(report));
            return json;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
