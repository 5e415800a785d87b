package org.doji.grc.planner.model;

/** One path of a route, traversed from {@code from} to {@code to} (vertex names). */
public record DirectedHop(String pathId, String from, String to) {
    public DirectedHop {
        Checks.name(pathId, "hop path id");
        Checks.name(from, "hop from");
        Checks.name(to, "hop to");
    }
}
