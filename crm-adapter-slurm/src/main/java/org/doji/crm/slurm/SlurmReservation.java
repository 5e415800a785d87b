package org.doji.crm.slurm;

import java.time.Instant;
import java.util.List;

/**
 * A Slurm reservation as Doji creates and reads it: name, nodes, [start, end), and the users (or accounts)
 * it admits. Lists are kept sorted so that what Doji wants and what Slurm shows compare equal.
 */
public record SlurmReservation(String name, List<String> nodes, Instant start, Instant end, List<String> users) {

    public SlurmReservation {
        nodes = nodes.stream().sorted().toList();
        users = users.stream().sorted().distinct().toList();
    }
}
