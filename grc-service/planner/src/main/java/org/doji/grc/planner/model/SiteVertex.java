package org.doji.grc.planner.model;

import java.util.Map;

/**
 * A compute site of the resource graph.
 *
 * @param name       unique vertex name (also used by paths)
 * @param rmId       the CRM that manages it
 * @param totalCores installed cores (the free amount per slot comes from {@link SlotCapacity})
 * @param unitPrice  price per core for the reservation (vc_i)
 * @param attributes e.g. os, arch, memoryGb, availability (see PLANNER.md for the quality score)
 */
public record SiteVertex(String name, String rmId, int totalCores, double unitPrice, Map<String, String> attributes) {
    public SiteVertex {
        Checks.name(name, "site name");
        Checks.name(rmId, "site rmId");
        Checks.nonNegative(totalCores, "totalCores of " + name);
        Checks.nonNegative(unitPrice, "unitPrice of " + name);
        attributes = attributes == null ? Map.of() : Map.copyOf(attributes);
    }

    public SiteVertex(String name, String rmId, int totalCores, double unitPrice) {
        this(name, rmId, totalCores, unitPrice, Map.of());
    }
}
