package org.doji.rm.model;

import java.util.List;
import java.util.Objects;
import org.doji.common.Requirement;

/** Cores wanted at one site of the RM. */
public record ComputeDemand(String site, int cores, List<Requirement> requirements) {

    public ComputeDemand {
        Objects.requireNonNull(site, "site");
        requirements = List.copyOf(requirements == null ? List.of() : requirements);
    }
}
