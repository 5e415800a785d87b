package org.doji.grc.registry;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Proxy;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.doji.rm.api.Caller;
import org.doji.rm.api.ResourceManager;
import org.doji.rm.fault.DojiException;
import org.doji.rm.model.ResourceInventory;
import org.doji.rm.model.RmKind;
import org.doji.rm.util.SettableClock;
import org.junit.jupiter.api.Test;

class RmRegistryTest {

    private final SettableClock clock = new SettableClock(java.time.Instant.parse("2026-11-22T10:00:00Z"));

    private static ResourceManager describing(String site, AtomicBoolean up) {
        return describing(site.toLowerCase(java.util.Locale.ROOT), site, up);
    }

    private static ResourceManager describing(String rmId, String site, AtomicBoolean up) {
        ResourceInventory inventory = new ResourceInventory(rmId, RmKind.COMPUTE, "D", "test",
                List.of(new ResourceInventory.Site(site, 16, 2, 1.0, Map.of())), List.of(), List.of(), List.of(),
                Duration.ofMinutes(2));
        return (ResourceManager) Proxy.newProxyInstance(RmRegistryTest.class.getClassLoader(),
                new Class<?>[] {ResourceManager.class}, (proxy, method, args) -> {
                    if (!method.getName().equals("describe")) {
                        throw new UnsupportedOperationException(method.getName());
                    }
                    if (!up.get()) {
                        throw DojiException.unavailable("DOWN", "connection refused");
                    }
                    return inventory;
                });
    }

    @Test
    void healthIsUnknownUntilProbedThenFollowsEachRm() {
        AtomicBoolean aUp = new AtomicBoolean(true);
        AtomicBoolean bUp = new AtomicBoolean(false);
        RmRegistry registry = new RmRegistry(List.of(
                new RmRegistry.Entry("a", "http://a/rm", describing("A", aUp)),
                new RmRegistry.Entry("b", "http://b/rm", describing("B", bUp))), Caller.coordinator("grc"), clock);

        assertThat(registry.health()).extracting(RmRegistry.Health::reachable).containsExactly(null, null);

        registry.probe();
        var first = registry.health();
        assertThat(first.get(0).reachable()).isTrue();
        assertThat(first.get(0).lastSuccess()).isEqualTo(clock.instant());
        assertThat(first.get(0).latency()).isNotNull();
        assertThat(first.get(1).reachable()).isFalse();
        assertThat(first.get(1).lastSuccess()).isNull();
        assertThat(first.get(1).lastError()).contains("connection refused");
        assertThat(registry.knownSites()).containsExactly("A");

        java.time.Instant firstSuccessOfA = first.get(0).lastSuccess();
        clock.advance(Duration.ofSeconds(30));
        aUp.set(false);
        bUp.set(true);
        registry.probe();
        var second = registry.health();
        assertThat(second.get(0).reachable()).isFalse();
        assertThat(second.get(0).lastSuccess()).as("last success is kept while down").isEqualTo(firstSuccessOfA);
        assertThat(second.get(0).lastChecked()).isEqualTo(clock.instant());
        assertThat(second.get(1).reachable()).isTrue();
        assertThat(registry.description("b")).map(d -> d.sites().get(0).name()).contains("B");
        assertThat(registry.description("a")).as("the last good description stays usable").isPresent();
    }

    @Test
    void anRmWhoseAddressReachesAnotherRmIsLeftOutUntilItAnswersAsItself() {
        AtomicBoolean up = new AtomicBoolean(true);
        AtomicBoolean moved = new AtomicBoolean(true);
        ResourceManager b1 = describing("crm-b1", "B1", up);
        ResourceManager b2 = describing("crm-b2", "B2", up);
        // crm-b2's address leads to crm-b1 while "moved" (a port another RM took over), then to crm-b2 itself
        ResourceManager b2Address = (ResourceManager) Proxy.newProxyInstance(RmRegistryTest.class.getClassLoader(),
                new Class<?>[] {ResourceManager.class}, (proxy, method, args) -> method.invoke(moved.get() ? b1 : b2, args));
        RmRegistry registry = new RmRegistry(List.of(new RmRegistry.Entry("crm-b1", "http://b1/rm", b1),
                new RmRegistry.Entry("crm-b2", "http://b2/rm", b2Address)), Caller.coordinator("grc"), clock);

        assertThat(registry.describeAll()).containsOnlyKeys("crm-b1");
        assertThat(registry.knownSites()).containsExactly("B1");
        assertThat(registry.health().get(1).reachable()).isFalse();
        assertThat(registry.health().get(1).lastError())
                .isEqualTo("the RM at http://b2/rm answers as crm-b1, not as crm-b2: left out until it answers as crm-b2");

        moved.set(false);
        registry.probe();
        assertThat(registry.describeAll()).containsOnlyKeys("crm-b1", "crm-b2");
        assertThat(registry.knownSites()).containsExactly("B1", "B2");

        moved.set(true);
        registry.probe();
        assertThat(registry.describeAll()).as("a good description is dropped once the address reaches another RM")
                .containsOnlyKeys("crm-b1");
    }

    @Test
    void anRmOfferingASiteAnEarlierRmOffersIsLeftOutWhicheverAnsweredFirst() {
        AtomicBoolean firstUp = new AtomicBoolean(false);
        AtomicBoolean up = new AtomicBoolean(true);
        RmRegistry registry = new RmRegistry(List.of(
                new RmRegistry.Entry("crm-a", "http://a/rm", describing("crm-a", "A", firstUp)),
                new RmRegistry.Entry("crm-a-twin", "http://t/rm", describing("crm-a-twin", "A", up)),
                new RmRegistry.Entry("crm-b", "http://b/rm", describing("crm-b", "B", up))),
                Caller.coordinator("grc"), clock);

        assertThat(registry.describeAll()).as("crm-a down: its twin offers A meanwhile")
                .containsOnlyKeys("crm-a-twin", "crm-b");
        assertThat(registry.knownSites()).containsExactly("A", "B");

        firstUp.set(true);
        assertThat(registry.describeAll()).as("the first registered keeps A").containsOnlyKeys("crm-a", "crm-b");
        assertThat(registry.knownSites()).containsExactly("A", "B");
    }
}
