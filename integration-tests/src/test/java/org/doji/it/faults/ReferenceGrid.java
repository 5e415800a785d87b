package org.doji.it.faults;

import java.util.List;
import java.util.Map;
import org.doji.grc.demo.GridTopology;

/**
 * The reference grid of DESIGN §9 as real RMs: three network domains (JN, JS, US), ten compute sites
 * (JN 8/16/32/64 cores, JS 8/16/32, US 8/16/32; 4-core nodes, core price 1), exchange points X1 (JN, JS,
 * US) and X2 (JN, JS); paths inside a domain 10 Gbps at price 5, to exchange points 20 Gbps at price 3
 * (per Gbps, i.e. 0.005 and 0.003 per Mbps).
 */
public final class ReferenceGrid {

    private ReferenceGrid() {
    }

    public static GridTopology topology() {
        return topology(1.0);
    }

    /** @param scale multiplies every site's node count (the benchmark books many co-allocations) */
    public static GridTopology topology(double scale) {
        var b = GridTopology.builder();
        site(b, "JN1", "JN", 8, scale);
        site(b, "JN2", "JN", 16, scale);
        site(b, "JN3", "JN", 32, scale);
        site(b, "JN4", "JN", 64, scale);
        site(b, "JS1", "JS", 8, scale);
        site(b, "JS2", "JS", 16, scale);
        site(b, "JS3", "JS", 32, scale);
        site(b, "US1", "US", 8, scale);
        site(b, "US2", "US", 16, scale);
        site(b, "US3", "US", 32, scale);
        b.nrm("nrm-jn", "JN", List.of("JN1", "JN2", "JN3", "JN4"), List.of("X1", "X2"), 10_000, 0.005, 20_000, 0.003);
        b.nrm("nrm-js", "JS", List.of("JS1", "JS2", "JS3"), List.of("X1", "X2"), 10_000, 0.005, 20_000, 0.003);
        b.nrm("nrm-us", "US", List.of("US1", "US2", "US3"), List.of("X1"), 10_000, 0.005, 20_000, 0.003);
        return b.build();
    }

    /**
     * A larger grid of the same shape for scale runs: {@code domains} network domains (one NRM each) of
     * {@code sitesPerDomain} compute sites (8, 16, 32 or 64 cores in turn), every domain at exchange point X1 and
     * every other one at X2 too; {@code domains * (sitesPerDomain + 1)} RMs.
     */
    public static GridTopology generated(int domains, int sitesPerDomain) {
        var b = GridTopology.builder();
        int[] sizes = {8, 16, 32, 64};
        for (int d = 0; d < domains; d++) {
            String domain = "D" + d;
            List<String> sites = new java.util.ArrayList<>();
            for (int s = 0; s < sitesPerDomain; s++) {
                String name = domain + "S" + s;
                site(b, name, domain, sizes[s % sizes.length], 1.0);
                sites.add(name);
            }
            b.nrm("nrm-" + domain.toLowerCase(), domain, sites, d % 2 == 0 ? List.of("X1", "X2") : List.of("X1"),
                    10_000, 0.005, 20_000, 0.003);
        }
        return b.build();
    }

    private static void site(GridTopology.Builder b, String name, String domain, int cores, double scale) {
        int nodes = Math.max(1, (int) Math.round(cores / 4.0 * scale));
        b.crm("crm-" + name.toLowerCase(), name, domain, nodes, 4, 1.0, Map.of("os", "linux"));
    }
}
