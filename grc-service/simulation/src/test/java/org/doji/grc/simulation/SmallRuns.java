package org.doji.grc.simulation;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.List;

/** The small scenario of the tests (src/test/resources/simulation/small.yaml): 6 h of arrivals booking the next 6 h. */
final class SmallRuns {

    private SmallRuns() {
    }

    static Path file() {
        try {
            return Path.of(SmallRuns.class.getResource("/simulation/small.yaml").toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    static Scenario scenario(long seed, int intervalMinutes) {
        return ScenarioLoader.load(file()).withSeed(seed).withIntervals(List.of(intervalMinutes));
    }

    /** The kernels and planner log every reservation at INFO; the tests only need warnings. */
    static void quietLogs() {
        SimulateCommand.LogLevels.set(org.slf4j.Logger.ROOT_LOGGER_NAME, "WARN");
    }
}
