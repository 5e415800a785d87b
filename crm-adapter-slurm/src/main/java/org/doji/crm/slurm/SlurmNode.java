package org.doji.crm.slurm;

import java.util.List;
import java.util.Locale;

/** A node from {@code scontrol show nodes}: name, CPUs, state flags (IDLE, ALLOCATED+DRAIN, DOWN*...) and partitions. */
public record SlurmNode(String name, int cpus, String state, List<String> partitions) {

    public SlurmNode {
        partitions = List.copyOf(partitions);
    }

    /** Down, drained, failed or not responding ("*") nodes take no new reservation. */
    public boolean up() {
        String s = state.toUpperCase(Locale.ROOT);
        return !(s.contains("DOWN") || s.contains("DRAIN") || s.contains("FAIL") || s.contains("*")
                || s.contains("UNKNOWN") || s.contains("NOT_RESPONDING") || s.contains("POWERED_DOWN"));
    }
}
