package org.doji.grc.simulation;

import java.util.List;

/** Small variants of the §9 evaluation that keep the tests quick: 6 h of arrivals booking the next 6 h. */
final class SmallRuns {

    private SmallRuns() {
    }

    static SimulationParameters params(long seed, int intervalMinutes) {
        return new SimulationParameters(seed, List.of(intervalMinutes), 6, 6, SimulationParameters.Booking.NEXT_DAY, 10, 0.5,
                List.of(30, 60, 120), List.of(1, 2, 4, 8), 1000, 3.0, 60, 5, "fast");
    }

    /** The kernels and planner log every reservation at INFO; the tests only need warnings. */
    static void quietLogs() {
        SimulateCommand.LogLevels.set(org.slf4j.Logger.ROOT_LOGGER_NAME, "WARN");
    }
}
