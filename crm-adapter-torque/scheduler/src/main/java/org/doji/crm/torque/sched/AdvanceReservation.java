package org.doji.crm.torque.sched;

import java.util.List;

/** An advance reservation: whole nodes over [start, end) (epoch seconds), as rm-core books them. */
public record AdvanceReservation(String id, List<String> nodes, long start, long end) {

    public AdvanceReservation {
        nodes = List.copyOf(nodes);
        if (end <= start) {
            throw new IllegalArgumentException("reservation " + id + " ends before it starts");
        }
    }

    public boolean overlaps(long from, long to) {
        return start < to && from < end;
    }
}
