package org.doji.grc.coallocation;

import java.time.Duration;

/**
 * The coordinator's tuning, from {@code doji.grc.*}.
 *
 * @param slots          N, candidate start times over [EST, LST]
 * @param maxPlans       ranked plans tried before a request fails
 * @param planningBatch  co-allocations planned on one availability fan-out at most
 * @param rmTimeout      an RM slower than this is left out of planning
 * @param phaseTwoInline how long a worker pushes phase two itself before the driver takes over
 */
public record CoordinatorSettings(int slots, int maxPlans, int planningBatch, Duration rmTimeout, Duration phaseTwoInline) {

    /** How long a change may stay undecided before another owner may presume it aborted. */
    public Duration decideWithin() {
        return rmTimeout.multipliedBy(3).plusSeconds(30);
    }
}
