package org.doji.grc.tx;

import org.doji.grc.model.RmOutcome;
import org.doji.rm.fault.DojiException;
import org.doji.rm.fault.FaultKind;
import org.doji.rm.model.ReservationView;

/** One RM call's result: the reservation as the RM answered, or its failure. */
public record Answer(String rmId, String address, ReservationView view, DojiException error) {

    public boolean ok() {
        return error == null;
    }

    /** Not reached or no answer: the call may succeed when sent again (and may or may not have acted). */
    public boolean transientFailure() {
        return error != null && isTransient(error.errorCode());
    }

    /** A definite answer other than success: retrying the same call would not change it. */
    public boolean refused() {
        return error != null && !transientFailure();
    }

    public boolean refused(FaultKind kind) {
        return refused() && error.kind() == kind;
    }

    public static boolean isTransient(String errorCode) {
        return "RM_UNREACHABLE".equals(errorCode) || "REMOTE_FAULT".equals(errorCode);
    }

    /** The outcome to show: the answered reservation, or {@code before} with this failure's code and message. */
    public RmOutcome outcome(RmOutcome before) {
        if (ok()) {
            return new RmOutcome(rmId, address, view.key(), view.reservationState(), view.lifecycleState(),
                    view.allocation() != null ? view.allocation() : view.pendingAllocation(), null, null);
        }
        RmOutcome b = before != null ? before : RmOutcome.refused(rmId, address, null, null);
        return new RmOutcome(rmId, address, b.reservationKey(), b.reservationState(), b.lifecycleState(), b.allocation(),
                error.errorCode(), error.getMessage());
    }
}
