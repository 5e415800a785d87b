package org.doji.grc.model;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.doji.common.Requirement;
import org.doji.rm.model.CountableDemand;

/**
 * A co-allocation request: sites with cores (optionally pinned to candidates and with attribute
 * requirements), links between them, the time constraint, the user's policy, and the path allocation policy the
 * network RMs use for its links ({@code pathPolicy}, null: each NRM's default).
 */
public record CoRequest(List<Site> sites, List<Link> links, List<CountableDemand> countables, Time time,
                        Policy policy, List<String> additionalUsers, String resourceExpression, String description,
                        String pathPolicy) {

    public CoRequest {
        sites = List.copyOf(sites);
        links = List.copyOf(links);
        countables = List.copyOf(countables == null ? List.of() : countables);
        additionalUsers = List.copyOf(additionalUsers == null ? List.of() : additionalUsers);
        policy = policy == null ? Policy.CHEAPEST : policy;
    }

    /** A request with each NRM's default path allocation policy. */
    public CoRequest(List<Site> sites, List<Link> links, List<CountableDemand> countables, Time time, Policy policy,
                     List<String> additionalUsers, String resourceExpression, String description) {
        this(sites, links, countables, time, policy, additionalUsers, resourceExpression, description, null);
    }

    /**
     * A requested site: {@code cores} on whichever site it is placed, except on a candidate named in
     * {@code candidateCores}, which needs that many instead (alternatives with different core counts).
     */
    public record Site(String id, int cores, Set<String> candidates, List<Requirement> requirements,
                       Map<String, Integer> candidateCores) {
        public Site {
            candidates = Set.copyOf(candidates == null ? Set.of() : candidates);
            requirements = List.copyOf(requirements == null ? List.of() : requirements);
            candidateCores = Map.copyOf(candidateCores == null ? Map.of() : candidateCores);
        }

        public Site(String id, int cores, Set<String> candidates, List<Requirement> requirements) {
            this(id, cores, candidates, requirements, Map.of());
        }

        /** The cores this requested site needs when placed on {@code site}. */
        public int coresAt(String site) {
            return candidateCores.getOrDefault(site, cores);
        }
    }

    public record Link(String from, String to, long bandwidthMbps, Double maxLatencyMs) {
    }

    /** Start in [earliestStart, latestStart], run for duration; a fixed window has earliest = latest. */
    public record Time(Instant earliestStart, Instant latestStart, Duration duration, boolean fixed) {
        public Instant deadline() {
            return latestStart.plus(duration);
        }
    }
}
