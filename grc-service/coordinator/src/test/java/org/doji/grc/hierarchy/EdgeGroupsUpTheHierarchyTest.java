package org.doji.grc.hierarchy;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Proxy;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.doji.grc.registry.RmRegistry;
import org.doji.rm.api.Caller;
import org.doji.rm.api.ResourceManager;
import org.doji.rm.model.ResourceInventory;
import org.doji.rm.model.RmKind;
import org.junit.jupiter.api.Test;

/**
 * A GRC acting as an RM describes its children's site endpoints with their edge groups, qualified by the child
 * network RM (each RM's labels are unique only within it), so a parent GRC planning with fat-tree does not take
 * two switches of two domains for one.
 */
class EdgeGroupsUpTheHierarchyTest {

    private static ResourceManager describing(ResourceInventory d) {
        return (ResourceManager) Proxy.newProxyInstance(ResourceManager.class.getClassLoader(),
                new Class<?>[] {ResourceManager.class}, (proxy, method, args) -> {
                    if (method.getName().equals("describe")) {
                        return d;
                    }
                    throw new UnsupportedOperationException(method.getName());
                });
    }

    private static ResourceInventory nrm(String id, String... sites) {
        List<ResourceInventory.Endpoint> eps = new java.util.ArrayList<>();
        for (String s : sites) {
            eps.add(new ResourceInventory.Endpoint(s, false, "edge-1"));
        }
        eps.add(new ResourceInventory.Endpoint("X", true));
        return new ResourceInventory(id, RmKind.NETWORK, id, "simulated", List.of(), eps, List.of(), List.of(),
                Duration.ofMinutes(2));
    }

    @Test
    void theChildrensGroupsAreQualifiedByTheirNetworkRm() {
        RmRegistry registry = new RmRegistry(List.of(
                new RmRegistry.Entry("nrm-east", "http://east", describing(nrm("nrm-east", "E1", "E2"))),
                new RmRegistry.Entry("nrm-west", "http://west", describing(nrm("nrm-west", "W1")))),
                Caller.coordinator("grc-child"));
        ResourceInventory d = new ChildResources("grc-child", registry, null, Duration.ofSeconds(5)).describe();
        Map<String, String> groups = new HashMap<>();
        d.endpoints().forEach(e -> groups.put(e.name(), e.group()));
        assertThat(groups).containsEntry("E1", "nrm-east/edge-1").containsEntry("E2", "nrm-east/edge-1")
                .containsEntry("W1", "nrm-west/edge-1").containsEntry("X", null);
    }
}
