package org.doji.crm.torque.sched;

import java.util.List;

/** Everything one scheduling pass looks at, read fresh at each event. */
public record ClusterSnapshot(long now, List<NodeInfo> nodes, List<RunningJob> running,
                              List<AdvanceReservation> reservations, List<PoolJob> pool) {

    public ClusterSnapshot {
        nodes = List.copyOf(nodes);
        running = List.copyOf(running);
        reservations = List.copyOf(reservations);
        pool = List.copyOf(pool);
    }
}
