package org.doji.grc.simulation;

import java.util.List;
import org.doji.grc.model.CoPlan;
import org.doji.rm.api.ResourceManager;
import org.doji.rm.model.AvailabilityQuery;
import org.doji.rm.model.SlotAvailability;

/**
 * What a user is shown of an RM's free capacity: the reading of the service level a setting runs with. The
 * paper's reading is the RM's own (each RM scales its free capacity by the user's level: {@link #AS_THE_RM_ANSWERS});
 * {@link CapacityQuota} is the sensitivity case.
 */
interface AvailabilityView {

    List<SlotAvailability> answer(String rmId, ResourceManager rm, AvailabilityQuery query);

    /** Told of every co-allocation reserved, for readings that count a user's holdings. */
    default void reserved(String user, CoPlan plan) {
    }

    /** The RM's answer as it stands (with the service levels the RM itself applies, if any). */
    AvailabilityView AS_THE_RM_ANSWERS = (rmId, rm, query) -> rm.availability(ReferenceGrid.GRC, query);
}
