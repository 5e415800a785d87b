package org.doji.crm.torque;

import java.util.Locale;

/** A node from pbsnodes: name, state list (e.g. "free", "job-exclusive", "down,offline") and np. */
public record TorqueNode(String name, String state, int np) {

    /** Down, offline or unknown nodes take no new work; busy ones are still "up". */
    public boolean up() {
        String s = state.toLowerCase(Locale.ROOT);
        return !(s.contains("down") || s.contains("offline") || s.contains("unknown") || s.contains("drain"));
    }
}
