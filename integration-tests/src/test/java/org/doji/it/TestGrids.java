package org.doji.it;

import java.util.List;
import java.util.Map;
import org.doji.grc.demo.GridTopology;

/** Grids several ITs share. */
public final class TestGrids {

    private TestGrids() {
    }

    /**
     * Three compute sites of one domain (SITE_A: 2 nodes × 8 cores at price 1, SITE_B: 2 × 8 at 2, SITE_C: 4 × 8 at
     * 3) and its network RM nrm-d1, a complete graph of 10 Gb/s direct links (SITE_A--SITE_B, ...).
     */
    public static GridTopology threeSitesOneDomain() {
        return GridTopology.builder()
                .crm("crm-a", "SITE_A", "D1", 2, 8, 1.0, Map.of())
                .crm("crm-b", "SITE_B", "D1", 2, 8, 2.0, Map.of())
                .crm("crm-c", "SITE_C", "D1", 4, 8, 3.0, Map.of())
                .nrm("nrm-d1", "D1", List.of("SITE_A", "SITE_B", "SITE_C"), List.of(), 10_000, 0.005, 0, 0)
                .build();
    }
}
