package dev.eventual.infra.test;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The samples of a scrape in Prometheus's text format, as {@code /actuator/prometheus} serves it. */
public final class PrometheusScrape {

    private static final Pattern SAMPLE = Pattern.compile("^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\\{(.*)})?\\s+(\\S+)");
    private static final Pattern LABEL = Pattern.compile("([a-zA-Z_][a-zA-Z0-9_]*)=\"((?:[^\"\\\\]|\\\\.)*)\"");

    /** One sample: a series (metric name and labels) and its value. */
    public record Sample(String name, Map<String, String> labels, double value) {
    }

    private final List<Sample> samples;

    private PrometheusScrape(List<Sample> samples) {
        this.samples = samples;
    }

    public static PrometheusScrape parse(String text) {
        List<Sample> samples = new ArrayList<>();
        text.lines().filter(line -> !line.startsWith("#")).forEach(line -> {
            Matcher sample = SAMPLE.matcher(line);
            if (sample.find()) {
                Map<String, String> labels = new LinkedHashMap<>();
                if (sample.group(2) != null) {
                    Matcher label = LABEL.matcher(sample.group(2));
                    while (label.find()) {
                        labels.put(label.group(1), label.group(2));
                    }
                }
                samples.add(new Sample(sample.group(1), Map.copyOf(labels), value(sample.group(3))));
            }
        });
        return new PrometheusScrape(List.copyOf(samples));
    }

    /** The samples of one metric, every series of it. */
    public List<Sample> samples(String metric) {
        return samples.stream().filter(sample -> sample.name().equals(metric)).toList();
    }

    /** The values one label takes across the metric's series. */
    public Set<String> labelValues(String metric, String label) {
        Set<String> values = new TreeSet<>();
        samples(metric).stream().map(sample -> sample.labels().get(label)).filter(value -> value != null).forEach(values::add);
        return values;
    }

    private static double value(String text) {
        return switch (text) {
            case "+Inf" -> Double.POSITIVE_INFINITY;
            case "-Inf" -> Double.NEGATIVE_INFINITY;
            default -> Double.parseDouble(text);
        };
    }
}
