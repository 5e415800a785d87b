package org.doji.grc.planner.model;

import java.time.Duration;

/**
 * Planner configuration.
 *
 * @param slots       N, the number of candidate start times (DESIGN §3; the reference uses 10)
 * @param engine      name of the solver engine ("fast" by default, "ortools", "glpk", "greedy")
 * @param admin       administrator terms (A), (B), (C)
 * @param planTimeout how long one slot's search may take before its best plan so far is returned as not
 *                    proven optimal ({@link Optimality#INCUMBENT}); bounds the time a request holds a worker
 */
public record PlannerSettings(int slots, String engine, AdminPolicy admin, Duration planTimeout) {
    public static final String DEFAULT_ENGINE = "fast";
    public static final Duration DEFAULT_PLAN_TIMEOUT = Duration.ofSeconds(2);

    public PlannerSettings {
        if (slots < 1) {
            throw new IllegalArgumentException("slots must be >= 1, was " + slots);
        }
        engine = engine == null || engine.isBlank() ? DEFAULT_ENGINE : engine;
        admin = admin == null ? AdminPolicy.NONE : admin;
        planTimeout = planTimeout == null ? DEFAULT_PLAN_TIMEOUT : planTimeout;
        if (planTimeout.isNegative() || planTimeout.isZero()) {
            throw new IllegalArgumentException("planTimeout must be positive, was " + planTimeout);
        }
    }

    /** Settings with the default plan timeout. */
    public PlannerSettings(int slots, String engine, AdminPolicy admin) {
        this(slots, engine, admin, DEFAULT_PLAN_TIMEOUT);
    }

    public static PlannerSettings defaults() {
        return new PlannerSettings(10, DEFAULT_ENGINE, AdminPolicy.NONE);
    }

    public PlannerSettings withEngine(String name) {
        return new PlannerSettings(slots, name, admin, planTimeout);
    }

    public PlannerSettings withAdmin(AdminPolicy policy) {
        return new PlannerSettings(slots, engine, policy, planTimeout);
    }

    public PlannerSettings withPlanTimeout(Duration limit) {
        return new PlannerSettings(slots, engine, admin, limit);
    }
}
