package org.doji.grc.planner.model;

/**
 * Planner configuration.
 *
 * @param slots  N, the number of candidate start times (DESIGN §3; the reference uses 10)
 * @param engine name of the solver engine ("fast" by default, "ortools", "glpk")
 * @param admin  administrator terms (A), (B), (C)
 */
public record PlannerSettings(int slots, String engine, AdminPolicy admin) {
    public static final String DEFAULT_ENGINE = "fast";

    public PlannerSettings {
        if (slots < 1) {
            throw new IllegalArgumentException("slots must be >= 1, was " + slots);
        }
        engine = engine == null || engine.isBlank() ? DEFAULT_ENGINE : engine;
        admin = admin == null ? AdminPolicy.NONE : admin;
    }

    public static PlannerSettings defaults() {
        return new PlannerSettings(10, DEFAULT_ENGINE, AdminPolicy.NONE);
    }

    public PlannerSettings withEngine(String name) {
        return new PlannerSettings(slots, name, admin);
    }

    public PlannerSettings withAdmin(AdminPolicy policy) {
        return new PlannerSettings(slots, engine, policy);
    }
}
