package org.doji.grc.model;

import java.time.Instant;
import java.util.List;
import org.doji.grc.store.CoAllocationStore;

/**
 * What one step of the coordinator may read and change of a stored co-allocation, in domain terms; the store
 * maps it onto its record (the state itself moves only through {@link CoAllocationStore#transition}).
 */
public interface CoAllocationChange {

    CoAllocationState state();

    int attempt();

    void setAttempt(int attempt);

    void setReason(String reason);

    /** The plan being reserved or kept, with its window and cost. */
    void setPlan(CoPlan plan);

    void setRequest(CoRequest request);

    /** What each RM of the plan answered (or was asked). */
    void setOutcomes(List<RmOutcome> outcomes);

    /** When the ended co-allocation's record may be forgotten (WS-ResourceLifetime); null: kept for the retention. */
    void setTerminationTime(Instant terminationTime);
}
