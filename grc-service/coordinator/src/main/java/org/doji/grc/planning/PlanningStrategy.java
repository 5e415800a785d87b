package org.doji.grc.planning;

import java.util.List;
import java.util.Map;
import org.doji.grc.model.CoRequest;
import org.doji.grc.model.PlanningOutcome;
import org.doji.rm.model.ResourceInventory;
import org.doji.rm.model.SlotAvailability;
import org.doji.rm.model.TimeWindow;

/**
 * Chooses sites and network paths for each candidate slot and ranks the feasible plans by the user's
 * policy. "Infeasible" is part of the outcome, never an exception.
 */
public interface PlanningStrategy {

    /**
     * @param descriptions  static description of every RM that answered describe, by RM id
     * @param availability  per RM id, its answer for every slot (same order as {@code slots})
     */
    PlanningOutcome plan(CoRequest request, List<TimeWindow> slots, Map<String, ResourceInventory> descriptions,
                         Map<String, List<SlotAvailability>> availability);
}
