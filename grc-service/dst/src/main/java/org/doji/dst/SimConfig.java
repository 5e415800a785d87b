package org.doji.dst;

import java.time.Duration;

/**
 * What one run is: its seed (everything random follows from it), how many operations the users make, whether two
 * GRC levels run, where the processes keep their data, how often faults happen, and whether the trace is recorded
 * line by line (a replay of a failing seed).
 */
record SimConfig(long seed, int operations, boolean hierarchy, Storage storage, FaultPlan.Rates rates, boolean trace,
                 int users, Duration meanGap) {

    /** Where each process keeps its rows. */
    enum Storage {
        /** in memory, behind the stores' repository interfaces: the fast mode */
        MEMORY,
        /** the real JPA stores on an H2 database per process */
        JPA;

        StorageFactory factory(long seed, Scheduler scheduler) {
            return this == MEMORY ? StorageFactory.memory(scheduler) : JpaStorage.factory(seed, scheduler);
        }
    }

    /** The standard run of a seed: a hierarchical grid on every third seed. */
    static SimConfig of(long seed, int operations, Storage storage) {
        return new SimConfig(seed, operations, Math.floorMod(seed, 3) == 2, storage, FaultPlan.Rates.standard(), false, 6,
                Duration.ofSeconds(4));
    }

    SimConfig tracing() {
        return new SimConfig(seed, operations, hierarchy, storage, rates, true, users, meanGap);
    }

    /** The command that replays this run with its trace. */
    String replayCommand() {
        return "./mvnw -B -o -q -pl grc-service/dst exec:java -Ddst.seed=" + seed + " -Ddst.operations=" + operations
                + " -Ddst.storage=" + storage.name().toLowerCase() + " -Ddst.hierarchy=" + hierarchy + " -Ddst.trace=true";
    }
}
