package org.doji.crm.batch.testing;

import static org.junit.jupiter.api.Assertions.fail;

import java.util.List;
import org.junit.jupiter.api.Assumptions;

/**
 * A real system an IT needs. Without it the IT is skipped, unless {@code -Ddoji.it.require} names it
 * (as the test command does for every system it starts): then the IT fails, so a missing system is loud.
 */
public final class RequiredSystem {

    private RequiredSystem() {
    }

    /** Skips or fails the calling test when {@code problem} is not null. */
    public static void check(String system, String problem) {
        if (problem == null) {
            return;
        }
        if (List.of(System.getProperty("doji.it.require", "").split("[,\\s]+")).contains(system)) {
            fail(problem + " but -Ddoji.it.require names " + system);
        }
        Assumptions.abort(problem);
    }
}
