package dev.eventual.bench.resources;

import java.util.List;

/** Resource use of every process during one section; machineBusyCores counts other users of the box too. */
public record SectionUsage(String section, double seconds, double machineBusyCores, List<ProcessUsage> processes) {
}
