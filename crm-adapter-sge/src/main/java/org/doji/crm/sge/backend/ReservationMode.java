package org.doji.crm.sge.backend;

import java.util.List;

/** How reservations are realised in Grid Engine: a queue per reservation, or native advance reservations. */
public interface ReservationMode {

    /** Creates (or, after a crash, completes) the Grid Engine objects; returns the handle users submit with. */
    String commit(ReservationTarget target);

    void start(ReservationTarget target);

    /** End, cancel and destroy: remove the objects, the reservation's jobs, and give the hosts back. */
    void release(ReservationTarget target);

    /** Applies a committed modification; returns the (possibly new) handle. */
    String modify(ReservationTarget before, ReservationTarget after);

    /** Makes Grid Engine match {@code expected} (every committed, not yet ended reservation). */
    void reconcile(List<ReservationTarget> expected);
}
