package org.doji.crm.torque.sched;

import java.util.List;
import java.util.Map;

/**
 * The outcome of one pass: jobs to start now on the given nodes, the planned start of every other
 * placed job, and why each job that cannot start now waits.
 */
public record SchedulingPlan(long now, List<Start> starts, Map<String, Long> plannedStarts,
                             Map<String, String> waitReasons) {

    public record Start(String jobId, Map<String, Integer> coresByNode) {
        public Start {
            coresByNode = Map.copyOf(coresByNode);
        }
    }

    public SchedulingPlan {
        starts = List.copyOf(starts);
        plannedStarts = Map.copyOf(plannedStarts);
        waitReasons = Map.copyOf(waitReasons);
    }
}
