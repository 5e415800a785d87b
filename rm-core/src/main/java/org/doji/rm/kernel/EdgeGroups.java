package org.doji.rm.kernel;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.doji.rm.spi.BackendInventory;

/**
 * The edge groups a network RM publishes in its describe: the site endpoints hanging off one switch. A
 * coordinator planning with the fat-tree policy packs a request's sites into them (DESIGN §8). A group is an
 * opaque label, so the switches stay private.
 */
public final class EdgeGroups {

    private EdgeGroups() {
    }

    /**
     * Every site endpoint attached by exactly one link to a node that is no endpoint (its edge switch), labelled
     * {@code edge-1}, {@code edge-2}, ... in the order of the switches' names. Exchange points, and endpoints on
     * several switches or joined directly to other endpoints, belong to no group.
     */
    public static Map<String, String> of(BackendInventory inventory) {
        Set<String> endpoints = new HashSet<>();
        inventory.endpoints().forEach(e -> endpoints.add(e.name()));
        Map<String, List<String>> attached = new HashMap<>();
        for (BackendInventory.NetLink l : inventory.links()) {
            attached.computeIfAbsent(l.a(), k -> new ArrayList<>()).add(l.b());
            attached.computeIfAbsent(l.b(), k -> new ArrayList<>()).add(l.a());
        }
        Map<String, List<String>> bySwitch = new TreeMap<>();
        for (BackendInventory.NetEndpoint e : inventory.endpoints()) {
            List<String> next = attached.getOrDefault(e.name(), List.of());
            if (!e.exchangePoint() && next.size() == 1 && !endpoints.contains(next.get(0))) {
                bySwitch.computeIfAbsent(next.get(0), k -> new ArrayList<>()).add(e.name());
            }
        }
        Map<String, String> out = new HashMap<>();
        int n = 0;
        for (List<String> members : bySwitch.values()) {
            String label = "edge-" + ++n;
            members.forEach(m -> out.put(m, label));
        }
        return Map.copyOf(out);
    }
}
