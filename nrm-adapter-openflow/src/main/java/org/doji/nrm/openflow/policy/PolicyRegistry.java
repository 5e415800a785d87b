package org.doji.nrm.openflow.policy;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.doji.rm.fault.DojiException;

/** Allocation policies by name; the request's policy name selects one, blank selects the default. */
public final class PolicyRegistry {

    private final Map<String, AllocationPolicy> policies = new LinkedHashMap<>();
    private final String defaultPolicy;

    public PolicyRegistry(Collection<? extends AllocationPolicy> policies, String defaultPolicy) {
        for (AllocationPolicy p : policies) {
            if (this.policies.put(p.name(), p) != null) {
                throw new IllegalArgumentException("two policies named " + p.name());
            }
        }
        if (!this.policies.containsKey(defaultPolicy)) {
            throw new IllegalArgumentException("default policy " + defaultPolicy + " is not registered; known: "
                    + this.policies.keySet());
        }
        this.defaultPolicy = defaultPolicy;
    }

    /** The built-in policies: hop, bandwidth, fat-tree. */
    public static List<AllocationPolicy> builtIn(FatTreePolicy fatTree) {
        return List.of(new HopPolicy(), new BandwidthPolicy(), fatTree);
    }

    public AllocationPolicy get(String name) {
        if (name == null || name.isBlank()) {
            return policies.get(defaultPolicy);
        }
        AllocationPolicy p = policies.get(name);
        if (p == null) {
            throw DojiException.invalidField("network/policy", "UNKNOWN_POLICY",
                    "unknown allocation policy '" + name + "'; known: " + policies.keySet());
        }
        return p;
    }

    public Set<String> names() {
        return Set.copyOf(policies.keySet());
    }
}
