package org.doji.crm.sge.cli;

import java.time.LocalDateTime;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** What the adapter reads from Grid Engine, as parsed from its XML and text outputs. */
public final class GridEngineModel {

    private GridEngineModel() {
    }

    /**
     * One exec host of {@code qhost -F slots -xml}; {@code up} is false when it reports no load (execd not heard
     * from); {@code slotCap} is the exec host's own {@code complex_values slots=N} (0 when it sets none).
     */
    public record Host(String name, String arch, int processors, boolean up, int slotCap) {
    }

    /** One queue instance ({@code queue@host}) of {@code qstat -f}; {@code state} holds letters such as d, s, u, E. */
    public record QueueInstance(String queue, String host, String state, int slotsUsed, int slotsTotal) {

        public String name() {
            return queue + "@" + host;
        }

        public boolean disabled() {
            return state.contains("d");
        }
    }

    /**
     * A job of {@code qstat -r}. Running jobs have a queue instance (one entry per instance for parallel jobs,
     * merged here); {@code requestedQueue} is the hard queue request (-q), if any.
     */
    public record Job(long id, String name, String owner, String state, List<String> queueInstances,
                      String requestedQueue, int slots) {

        public Job {
            queueInstances = List.copyOf(queueInstances);
        }

        public boolean running() {
            return !queueInstances.isEmpty();
        }

        public boolean runsOn(String host) {
            return queueInstances.stream().anyMatch(qi -> qi.endsWith("@" + host));
        }

        /** Runs in, or asked for (-q queue, -q queue@host, lists of them), the given cluster queue. */
        public boolean inQueue(String queue) {
            if (queueInstances.stream().anyMatch(qi -> qi.startsWith(queue + "@"))) {
                return true;
            }
            return requestedQueue != null && java.util.Arrays.stream(requestedQueue.split(","))
                    .map(String::trim).anyMatch(q -> q.equals(queue) || q.startsWith(queue + "@"));
        }
    }

    public record ClusterStatus(List<QueueInstance> instances, List<Job> jobs) {

        public ClusterStatus {
            instances = List.copyOf(instances);
            jobs = List.copyOf(jobs);
        }

        public Optional<QueueInstance> instance(String name) {
            return instances.stream().filter(qi -> qi.name().equals(name)).findFirst();
        }
    }

    /** One advance reservation of {@code qrstat -xml}; times are Grid Engine's local times. */
    public record AdvanceReservation(long id, String name, String owner, String state, LocalDateTime start,
                                     LocalDateTime end) {
    }

    /** A queue or user set configuration of {@code qconf -sq/-su}: attribute name to (joined) value. */
    public record ConfigObject(Map<String, String> attributes) {

        public ConfigObject {
            attributes = Map.copyOf(attributes);
        }

        public String get(String name) {
            return attributes.getOrDefault(name, "");
        }

        /** A list-valued attribute split on commas and blanks; NONE is the empty list. */
        public List<String> list(String name) {
            String v = get(name).trim();
            if (v.isEmpty() || v.equalsIgnoreCase("NONE")) {
                return List.of();
            }
            return List.of(v.split("[,\\s]+"));
        }
    }
}
