package org.doji.crm.torque;

import java.time.Instant;
import java.util.List;
import org.doji.rm.model.Allocation;
import org.doji.rm.model.ComputeAllocation;
import org.doji.rm.model.ComputeDemand;
import org.doji.rm.model.LifecycleState;
import org.doji.rm.model.ReservationSpec;
import org.doji.rm.model.TimeWindow;
import org.doji.rm.spi.ReservationContext;

/** Reservation contexts as the kernel would hand them to the backend. */
final class Contexts {

    private Contexts() {
    }

    static ReservationContext compute(String key, String site, List<String> nodes, int cores, Instant start,
                                      Instant end, LifecycleState state) {
        ReservationSpec spec = new ReservationSpec(new TimeWindow(start, end),
                List.of(new ComputeDemand(site, cores, List.of())), List.of(), List.of(), List.of("carol"), "g-" + key);
        Allocation alloc = new Allocation(List.of(new ComputeAllocation(site, cores, nodes, null)), List.of(), List.of(), 0);
        return new ReservationContext(key, "grc", List.of("carol"), spec, alloc, state);
    }
}
