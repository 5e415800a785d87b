package org.doji.grc.dashboard;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Configuration of the operator dashboard ({@code doji.dashboard.*}), validated at start-up.
 *
 * @param enabled          serve the dashboard at all
 * @param refresh          how often the page reloads its data
 * @param maxCoAllocations how many co-allocations the table lists (the most recent)
 * @param timelineBefore   how far back the timeline may reach by default (it opens an hour before now, earlier
 *                         only to show the start of a reservation)
 * @param timelineMax      the longest timeline range served
 */
@ConfigurationProperties("doji.dashboard")
public record DashboardProperties(
        @DefaultValue("true") boolean enabled,
        @DefaultValue("PT5S") Duration refresh,
        @DefaultValue("200") int maxCoAllocations,
        @DefaultValue("PT6H") Duration timelineBefore,
        @DefaultValue("P14D") Duration timelineMax) {

    public DashboardProperties {
        positive("doji.dashboard.refresh", refresh);
        positive("doji.dashboard.timeline-before", timelineBefore);
        positive("doji.dashboard.timeline-max", timelineMax);
        if (maxCoAllocations < 1 || maxCoAllocations > 10_000) {
            throw new IllegalArgumentException("doji.dashboard.max-co-allocations must be in 1..10000, was "
                    + maxCoAllocations);
        }
    }

    /** Defaults, for tests and for code that builds the dashboard by hand. */
    public static DashboardProperties defaults() {
        return new DashboardProperties(true, Duration.ofSeconds(5), 200, Duration.ofHours(6),
                Duration.ofDays(14));
    }

    private static void positive(String name, Duration d) {
        if (d == null || d.isZero() || d.isNegative()) {
            throw new IllegalArgumentException(name + " must be a positive duration, was " + d);
        }
    }
}
