package org.doji.crm.torque.sched;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Chooses concrete nodes for a job that starts now, from the cores free on each eligible node. Node
 * groups ({@code nodes=N:ppn=P}) take N distinct nodes, best fit first (the node with the fewest free
 * cores that still fits), which keeps whole nodes free for wide jobs and reservations. Loose cores go
 * to one best-fitting node when possible, else to the emptiest nodes first (fewest nodes touched).
 */
final class NodeSelector {

    private NodeSelector() {
    }

    /**
     * @param freeNow free cores per eligible node (not modified)
     * @param order   node names in a stable order (lowest-numbered first on ties)
     * @return cores per node, or null when the job does not fit on these nodes now
     */
    static Map<String, Integer> select(ResourceExpression req, Map<String, Integer> freeNow, List<String> order) {
        Map<String, Integer> free = new HashMap<>(freeNow);
        Map<String, Integer> chosen = new HashMap<>();
        for (ResourceExpression.NodeGroup g : req.groups()) {
            for (int i = 0; i < g.count(); i++) {
                String best = null;
                int bestFree = Integer.MAX_VALUE;
                for (String n : order) {
                    int f = free.getOrDefault(n, 0);
                    if (f >= g.ppn() && f < bestFree && !chosen.containsKey(n)) {
                        best = n;
                        bestFree = f;
                    }
                }
                if (best == null) {
                    return null;
                }
                chosen.put(best, g.ppn());
                free.put(best, bestFree - g.ppn());
            }
        }
        int need = req.looseCores();
        if (need == 0) {
            return chosen;
        }
        String single = null;
        int singleFree = Integer.MAX_VALUE;
        int total = 0;
        for (String n : order) {
            int f = free.getOrDefault(n, 0);
            total += Math.max(0, f);
            if (f >= need && f < singleFree) {
                single = n;
                singleFree = f;
            }
        }
        if (single != null) {
            chosen.merge(single, need, Integer::sum);
            return chosen;
        }
        if (total < need) {
            return null;
        }
        List<String> byFree = new ArrayList<>(order);
        byFree.sort((a, b) -> Integer.compare(free.getOrDefault(b, 0), free.getOrDefault(a, 0)));
        for (String n : byFree) {
            int take = Math.min(need, free.getOrDefault(n, 0));
            if (take <= 0) {
                break;
            }
            chosen.merge(n, take, Integer::sum);
            need -= take;
            if (need == 0) {
                break;
            }
        }
        return chosen;
    }
}
