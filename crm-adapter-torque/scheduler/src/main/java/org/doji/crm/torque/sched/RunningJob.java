package org.doji.crm.torque.sched;

import java.util.Map;

/** A job that runs now, with the cores it holds on each node. Times are epoch seconds. */
public record RunningJob(String id, String user, Map<String, Integer> coresByNode, long startTime,
                         long estimatedEnd, String reservationId) {

    public RunningJob {
        coresByNode = Map.copyOf(coresByNode);
    }

    public int cores() {
        int sum = 0;
        for (int c : coresByNode.values()) {
            sum += c;
        }
        return sum;
    }
}
