package org.doji.rm.config;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.doji.rm.kernel.RmSettings;
import org.doji.rm.model.RmKind;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.ConstructorBinding;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Configuration of one RM ({@code doji.rm.*}). The {@code simulated} part describes the inventory of
 * the simulated backend (a labelled demo/simulation mode); real adapters read their inventory from the
 * system they drive.
 *
 * @param id             this RM's id, as the GRC's registry knows it (required)
 * @param kind           COMPUTE or NETWORK
 * @param domain         the network domain the RM belongs to
 * @param holdTimeout    how long a prepared change is held without commit or abort
 * @param tickInterval   how often the activation driver looks for due holds, starts and ends
 * @param serviceLevels  per user, the share (0..1] of free capacity the user may see
 * @param coordinators   callers allowed to reserve (empty = any)
 * @param answerRetention how long answers to mutating calls are kept for retried calls
 * @param retention      how long a finished reservation (ended, cancelled, aborted, failed) is kept, from its last
 *                       change, before the RM forgets it (GetResourceProperty then answers "unknown resource")
 */
@ConfigurationProperties("doji.rm")
public record RmProperties(
        String id,
        @DefaultValue("COMPUTE") RmKind kind,
        String domain,
        @DefaultValue("PT120S") Duration holdTimeout,
        @DefaultValue("P366D") Duration maxReservationLength,
        @DefaultValue("PT1S") Duration tickInterval,
        Map<String, Double> serviceLevels,
        Set<String> coordinators,
        @DefaultValue Simulated simulated,
        @DefaultValue("P7D") Duration answerRetention,
        @DefaultValue("P30D") Duration retention) {

    @ConstructorBinding
    public RmProperties {
        if (tickInterval == null || tickInterval.isZero() || tickInterval.isNegative()) {
            throw new IllegalArgumentException("doji.rm.tick-interval must be positive");
        }
    }

    /** The properties as before answer retention existed (kept for callers of this constructor). */
    public RmProperties(String id, RmKind kind, String domain, Duration holdTimeout, Duration maxReservationLength,
                        Duration tickInterval, Map<String, Double> serviceLevels, Set<String> coordinators,
                        Simulated simulated) {
        this(id, kind, domain, holdTimeout, maxReservationLength, tickInterval, serviceLevels, coordinators, simulated,
                RmSettings.DEFAULT_ANSWER_RETENTION, RmSettings.DEFAULT_RETENTION);
    }

    public RmSettings toSettings() {
        return new RmSettings(id, holdTimeout, maxReservationLength, serviceLevels, coordinators, answerRetention,
                retention);
    }

    public record Simulated(List<Site> sites, List<Endpoint> endpoints, List<Link> links, List<Countable> countables) {
        public Simulated {
            sites = sites == null ? List.of() : List.copyOf(sites);
            endpoints = endpoints == null ? List.of() : List.copyOf(endpoints);
            links = links == null ? List.of() : List.copyOf(links);
            countables = countables == null ? List.of() : List.copyOf(countables);
        }
    }

    public record Site(String name, @DefaultValue("1") int nodes, @DefaultValue("8") int coresPerNode,
                       @DefaultValue("1.0") double unitPrice, Map<String, String> attributes) {
        public Site {
            if (name == null || name.isBlank()) {
                throw new IllegalArgumentException("doji.rm.simulated.sites[].name is required");
            }
            if (nodes <= 0 || coresPerNode <= 0) {
                throw new IllegalArgumentException("site " + name + ": nodes and cores-per-node must be positive");
            }
            attributes = attributes == null ? Map.of() : Map.copyOf(attributes);
        }
    }

    public record Endpoint(String name, @DefaultValue("false") boolean exchangePoint) {
    }

    public record Link(String id, String a, String b, long capacityMbps, @DefaultValue("0") double unitPrice,
                       Double latencyMs) {
        public Link {
            if (a == null || b == null || capacityMbps <= 0) {
                throw new IllegalArgumentException("link " + id + ": a, b and a positive capacity-mbps are required");
            }
            if (id == null || id.isBlank()) {
                id = a + "--" + b;
            }
        }
    }

    public record Countable(String name, long total, @DefaultValue("0") double unitPrice) {
    }
}
