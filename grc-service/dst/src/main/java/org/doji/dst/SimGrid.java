package org.doji.dst;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.doji.rm.model.RmKind;
import org.doji.rm.sim.SimulatedBackend;
import org.doji.rm.spi.BackendInventory;

/**
 * The simulated grid: two network domains (A with three compute sites, B with two) joined at exchange point X1, a
 * compute RM per site and a network RM per domain (seven RMs, as the chaos test's grid). Small sites, so requests
 * compete. A flat run has one GRC over the seven RMs; a hierarchical one has a GRC per domain and one above them.
 */
final class SimGrid {

    /** One domain: its sites (name, nodes of one core) and its network RM's paths. */
    record Domain(String name, Map<String, Integer> sites, long siteMbps, long exchangeMbps) {
    }

    static final List<Domain> DOMAINS = List.of(
            new Domain("A", sites("A1", 6, "A2", 8, "A3", 12), 1000, 2000),
            new Domain("B", sites("B1", 6, "B2", 10), 1000, 2000));
    static final String EXCHANGE = "X1";

    private SimGrid() {
    }

    private static Map<String, Integer> sites(Object... nameAndNodes) {
        Map<String, Integer> out = new LinkedHashMap<>();
        for (int i = 0; i < nameAndNodes.length; i += 2) {
            out.put((String) nameAndNodes[i], (Integer) nameAndNodes[i + 1]);
        }
        return out;
    }

    /** Every RM's inventory by id, in a fixed order: per domain its compute RMs, then its network RM. */
    static Map<String, BackendInventory> inventories() {
        Map<String, BackendInventory> out = new LinkedHashMap<>();
        for (Domain d : DOMAINS) {
            d.sites().forEach((site, nodes) -> out.put(crm(site), new BackendInventory(RmKind.COMPUTE, d.name(),
                    List.of(SimulatedBackend.site(site, nodes, 1, 1.0, Map.of())), List.of(), List.of(), List.of(), List.of())));
            List<BackendInventory.NetEndpoint> endpoints = new ArrayList<>();
            d.sites().keySet().forEach(s -> endpoints.add(new BackendInventory.NetEndpoint(s, false)));
            endpoints.add(new BackendInventory.NetEndpoint(EXCHANGE, true));
            List<String> names = List.copyOf(d.sites().keySet());
            List<BackendInventory.NetLink> links = new ArrayList<>();
            for (int a = 0; a < names.size(); a++) {
                for (int b = a + 1; b < names.size(); b++) {
                    links.add(new BackendInventory.NetLink(names.get(a) + "--" + names.get(b), names.get(a), names.get(b),
                            d.siteMbps(), 0.005, null));
                }
                links.add(new BackendInventory.NetLink(names.get(a) + "--" + EXCHANGE, names.get(a), EXCHANGE,
                        d.exchangeMbps(), 0.003, null));
            }
            out.put(nrm(d.name()), new BackendInventory(RmKind.NETWORK, d.name(), List.of(), endpoints, links, List.of(),
                    List.of()));
        }
        return out;
    }

    static String crm(String site) {
        return "crm-" + site.toLowerCase();
    }

    static String nrm(String domain) {
        return "nrm-" + domain.toLowerCase();
    }

    /** The domain of an RM id (its inventory's). */
    static String domainOf(String rmId, Map<String, BackendInventory> inventories) {
        return inventories.get(rmId).domain();
    }
}
