package org.doji.crm.sge.backend;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.doji.rm.model.LifecycleState;
import org.doji.rm.model.TimeWindow;

/**
 * One reservation as Grid Engine sees it: the object name (queue, user set or AR name), the reserved
 * hosts with their slots, the users allowed in, the window, and the handle already given (if any).
 */
public record ReservationTarget(String name, Map<String, Integer> slotsPerHost, List<String> users,
                                TimeWindow window, LifecycleState lifecycle, String handle) {

    public ReservationTarget {
        slotsPerHost = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(slotsPerHost));
        users = List.copyOf(users);
    }

    public List<String> hosts() {
        return List.copyOf(slotsPerHost.keySet());
    }

    public int totalSlots() {
        return slotsPerHost.values().stream().mapToInt(Integer::intValue).sum();
    }

    public boolean active() {
        return lifecycle == LifecycleState.Active;
    }
}
