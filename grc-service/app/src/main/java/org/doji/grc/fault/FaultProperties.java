package org.doji.grc.fault;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Fault injection of the GRC ({@code doji.grc.fault.*}); off unless {@code halt-at} is set. Only for
 * crash-recovery tests: a GRC with it on kills itself mid-transaction.
 *
 * @param haltAt     the crash point ({@code after-prepare} or {@code after-decision}); empty = off
 * @param attempt    which reservation attempt of a co-allocation triggers it (1 = the first plan tried;
 *                   a co-allocation re-planned by recovery runs attempt 2, so it passes unharmed)
 * @param exitStatus the status the JVM halts with (137, as after {@code kill -9})
 */
@ConfigurationProperties("doji.grc.fault")
public record FaultProperties(String haltAt, @DefaultValue("1") int attempt, @DefaultValue("137") int exitStatus) {

    public FaultProperties {
        if (attempt < 1) {
            throw new IllegalArgumentException("doji.grc.fault.attempt must be at least 1, was " + attempt);
        }
        if (haltAt != null && !haltAt.isBlank()) {
            CrashPoint.parse(haltAt); // fail at start-up, not at the crash point
        }
    }

    /** The configured crash point, or null when fault injection is off. */
    public CrashPoint crashPoint() {
        return haltAt == null || haltAt.isBlank() ? null : CrashPoint.parse(haltAt);
    }
}
