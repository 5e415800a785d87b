package org.doji.grc.planner.problem;

import org.doji.grc.planner.model.PathEdge;
import org.doji.grc.planner.model.SiteVertex;

/**
 * The QUALITY policy's score. A plan's penalty is
 * {@code Σ_sites SITE_PENALTY·(1 − availability) + Σ_routed-links Σ_hops latencyMs}
 * (a hop of unknown latency counts {@link #UNKNOWN_LATENCY_MS}); the score is
 * {@code 100 / (100 + penalty)}, so 1.0 is perfect and higher is better. Minimising the penalty
 * keeps the program linear.
 */
public final class QualityScore {
    /** penalty of a site with availability 0 (in latency-equivalent milliseconds). */
    public static final double SITE_PENALTY = 1000;
    public static final double UNKNOWN_LATENCY_MS = 100;
    /** site attribute read for availability, a fraction in [0, 1]; missing means 1. */
    public static final String AVAILABILITY = "availability";

    private QualityScore() {
    }

    public static double availability(SiteVertex s) {
        String v = s.attributes().get(AVAILABILITY);
        if (v == null) {
            return 1.0;
        }
        try {
            return Math.max(0, Math.min(1, Double.parseDouble(v)));
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    public static double latencyPenalty(PathEdge p) {
        return p.latencyMs() == null ? UNKNOWN_LATENCY_MS : p.latencyMs();
    }

    public static double score(double penalty) {
        return 100.0 / (100.0 + penalty);
    }
}
