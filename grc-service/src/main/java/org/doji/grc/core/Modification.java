package org.doji.grc.core;

import java.util.List;
import org.doji.grc.model.CoPlan;
import org.doji.grc.model.CoRequest;
import org.doji.grc.model.RmOutcome;
import org.doji.grc.persistence.CoAllocationRecord.Decision;
import org.doji.rm.model.ReservationSpec;

/**
 * A modification of a co-allocation in progress, stored with the co-allocation before any RM is asked:
 * the new request and plan, what each RM is asked to do, and the coordinator's decision. A restarted GRC
 * re-drives a COMMIT and aborts anything else (presumed abort).
 *
 * @param prefix the correlation prefix of every RM call of this attempt (retries are idempotent)
 */
public record Modification(String prefix, CoRequest request, CoPlan plan, List<Step> steps, Decision decision) {

    public Modification {
        steps = List.copyOf(steps);
    }

    /** What one RM is asked to do: change its part, hold a new part, or give its part up. */
    public enum Operation { MODIFY, RESERVE, CANCEL }

    /**
     * One RM's step. {@code participant} carries the reservation key: the existing one for MODIFY and CANCEL,
     * the new one for RESERVE once prepared (null before).
     */
    public record Step(String rmId, Operation operation, ReservationSpec spec, RmOutcome participant) {
    }

    Modification with(List<Step> newSteps, Decision newDecision) {
        return new Modification(prefix, request, plan, newSteps, newDecision);
    }
}
