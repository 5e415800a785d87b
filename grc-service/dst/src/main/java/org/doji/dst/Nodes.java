package org.doji.dst;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Every process of a run by id, and the addresses they give each other (a GRC's notification consumer). */
final class Nodes {

    private final Map<String, SimNode> byId = new LinkedHashMap<>();

    void add(SimNode node) {
        byId.put(node.id(), node);
    }

    SimNode get(String id) {
        return byId.get(id);
    }

    List<SimNode> all() {
        return new ArrayList<>(byId.values());
    }

    List<RmNode> rms() {
        return byId.values().stream().filter(RmNode.class::isInstance).map(RmNode.class::cast).toList();
    }

    List<GrcNode> grcs() {
        return byId.values().stream().filter(GrcNode.class::isInstance).map(GrcNode.class::cast).toList();
    }

    /** The address a GRC gives its RMs for notifications. */
    static String consumerAddress(String grcId) {
        return "sim:" + grcId + "/notify";
    }

    /** The GRC whose consumer address this is (null: none of this run's). */
    GrcNode consumer(String address) {
        if (address == null || !address.startsWith("sim:") || !address.endsWith("/notify")) {
            return null;
        }
        SimNode n = byId.get(address.substring(4, address.length() - "/notify".length()));
        return n instanceof GrcNode g ? g : null;
    }
}
