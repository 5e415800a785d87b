package org.doji.crm.torque.sched;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Places the jobs bound to one advance reservation: they run only between its start and end and only on
 * its nodes, in submit order, as long as their estimated run ends by the reservation's end.
 */
final class ReservationSlot {

    private final SchedulingCore.PassState st;
    private final String id;

    ReservationSlot(SchedulingCore.PassState st, String id) {
        this.st = st;
        this.id = id;
    }

    void place(List<PoolJob> jobs) {
        AdvanceReservation r = st.reservations.get(id);
        List<PoolJob> ordered = new ArrayList<>(jobs);
        ordered.sort(Comparator.comparingLong(PoolJob::submitTime).thenComparing(PoolJob::id));
        for (PoolJob job : ordered) {
            if (r == null) {
                st.reasons.put(job.id(), "unknown reservation " + id);
            } else if (st.now < r.start()) {
                st.planned.put(job.id(), r.start());
                st.reasons.put(job.id(), "waits for reservation " + id + " to start at " + r.start());
            } else if (st.now >= r.end()) {
                st.reasons.put(job.id(), "reservation " + id + " has ended");
            } else if (st.now + job.estimatedRunSeconds() > r.end()) {
                st.reasons.put(job.id(), "estimated run time does not fit before reservation " + id + " ends");
            } else {
                tryStart(r, job);
            }
        }
    }

    private void tryStart(AdvanceReservation r, PoolJob job) {
        Map<String, Integer> free = new HashMap<>();
        List<String> order = new ArrayList<>();
        for (String n : r.nodes()) {
            Integer f = st.freeNow.get(n);
            if (f != null) {
                free.put(n, f);
                order.add(n);
            }
        }
        Map<String, Integer> chosen = NodeSelector.select(job.resources(), free, order);
        if (chosen == null) {
            st.reasons.put(job.id(), "reservation " + id + " has no room now");
            return;
        }
        st.start(job, chosen);
        st.planned.put(job.id(), st.now);
    }
}
