package org.doji.rm.kernel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import org.doji.rm.fault.DojiException;
import org.doji.rm.model.AvailabilityQuery;
import org.doji.rm.model.LifecycleState;
import org.doji.rm.model.NetworkDemand;
import org.doji.rm.model.ReservationSpec;
import org.doji.rm.model.ReservationView;
import org.doji.rm.model.RmKind;
import org.doji.rm.model.TimeWindow;
import org.doji.rm.sim.SimulatedBackend;
import org.doji.rm.spi.BackendInventory;
import org.doji.rm.spi.LiveState;
import org.doji.rm.spi.NetworkRouting;
import org.doji.rm.spi.WidestPathRouting;
import org.junit.jupiter.api.Test;

/**
 * Links that go down, come back or appear while the RM runs (DESIGN §8): the kernel's live state and calendars
 * drop a down link, committed paths over it are routed again within their bandwidth or fail (their coordinator
 * told either way, after the outcome is durable), and links found later are bookable without a restart.
 */
class RouteRepairTest {

    /** A--B direct (10 Gb/s), or A--X--B through the exchange point (5 Gb/s). */
    private static BackendInventory domain() {
        return new BackendInventory(RmKind.NETWORK, "D", List.of(),
                List.of(new BackendInventory.NetEndpoint("A", false), new BackendInventory.NetEndpoint("B", false),
                        new BackendInventory.NetEndpoint("X", true)),
                List.of(new BackendInventory.NetLink("A--B", "A", "B", 10_000, 0.005, null),
                        new BackendInventory.NetLink("A--X", "A", "X", 5_000, 0.003, null),
                        new BackendInventory.NetLink("X--B", "X", "B", 5_000, 0.003, null)),
                List.of(), List.of());
    }

    /** A network backend whose links fail and appear as a test says, routing widest over any hops. */
    static final class FlakyNetwork extends SimulatedBackend {
        volatile Set<String> down = Set.of();
        final List<BackendInventory.NetLink> found = new CopyOnWriteArrayList<>();

        FlakyNetwork() {
            super(domain());
        }

        @Override
        public BackendInventory inventory() {
            BackendInventory at = super.inventory();
            List<BackendInventory.NetLink> links = new java.util.ArrayList<>(at.links());
            links.addAll(found);
            return new BackendInventory(at.kind(), at.domain(), at.sites(), at.endpoints(), links, at.countables(),
                    at.capacityChanges());
        }

        @Override
        public boolean discoversLinks() {
            return true;
        }

        @Override
        public LiveState liveState() {
            return new LiveState(true, Set.of(), down, down.isEmpty() ? "ok" : "links down: " + down);
        }

        @Override
        public NetworkRouting routing(String policy) {
            return WidestPathRouting.INSTANCE;
        }
    }

    private final FlakyNetwork network = new FlakyNetwork();
    private final KernelFixture f = new KernelFixture(network,
            KernelFixture.settings(Duration.ofMinutes(2), Map.of()), KernelFixture.T0);

    private static ReservationSpec path(long mbps, TimeWindow w) {
        return new ReservationSpec(w, List.of(), List.of(new NetworkDemand("A", "B", mbps, null, null)), List.of(),
                List.of("alice"), "co-1");
    }

    private ReservationView booked(long mbps, TimeWindow w) {
        ReservationView held = f.kernel.reserve(KernelFixture.GRC, KernelFixture.id(), path(mbps, w), KernelFixture.CONSUMER);
        return f.kernel.commit(KernelFixture.GRC, held.key(), KernelFixture.id());
    }

    private long freeAB(TimeWindow w) {
        return f.kernel.availability(KernelFixture.GRC, new AvailabilityQuery(List.of(w), null)).get(0).paths().stream()
                .filter(p -> p.from().equals("A") && p.to().equals("B")).findFirst().orElseThrow().freeBandwidthMbps();
    }

    private List<String> links(ReservationView v) {
        return v.allocation().network().get(0).links();
    }

    @Test
    void aDownLinkCarriesNoNewPathAndShowsNothingFreeUntilItComesBack() {
        TimeWindow w = KernelFixture.window(60, 120);
        assertThat(freeAB(w)).isEqualTo(10_000);
        network.down = Set.of("A--B");
        assertThat(freeAB(w)).isEqualTo(5_000);
        assertThatThrownBy(() -> f.kernel.reserve(KernelFixture.GRC, KernelFixture.id(), path(8_000, w), null))
                .isInstanceOfSatisfying(DojiException.class, e -> assertThat(e.errorCode()).isEqualTo("INSUFFICIENT_BANDWIDTH"));
        assertThat(links(booked(4_000, w))).containsExactly("A--X", "X--B");

        network.down = Set.of();
        assertThat(freeAB(w)).isEqualTo(10_000);
        assertThat(links(booked(8_000, w))).containsExactly("A--B");
    }

    @Test
    void anActivePathOverALinkThatGoesDownIsRoutedAgainWithinItsBandwidthDurablyAndItsCoordinatorIsTold() {
        TimeWindow w = KernelFixture.window(10, 120);
        ReservationView v = booked(4_000, w);
        assertThat(links(v)).containsExactly("A--B");
        f.clock.advanceTo(w.start().plusSeconds(1));
        f.kernel.tick();
        assertThat(f.kernel.get(KernelFixture.GRC, v.key()).lifecycleState()).isEqualTo(LifecycleState.Active);

        network.down = Set.of("A--B");
        f.kernel.tick();

        ReservationView after = f.kernel.get(KernelFixture.GRC, v.key());
        assertThat(after.lifecycleState()).isEqualTo(LifecycleState.Active);
        assertThat(links(after)).containsExactly("A--X", "X--B");
        assertThat(after.allocation().network().get(0).bandwidthMbps()).isEqualTo(4_000);
        assertThat(after.allocation().cost()).isEqualTo(v.allocation().cost());
        assertThat(network.actions()).contains("modify:" + v.key());
        Instant mid = w.start().plusSeconds(60);
        assertThat(f.kernel.usageAt("A--B", mid)).isZero();
        assertThat(f.kernel.usageAt("A--X", mid)).isEqualTo(4_000);
        assertThat(f.kernel.capacityViolations()).isEmpty();
        assertThat(f.notifier.messagesFor(v.key())).contains(RouteRepair.REROUTED);

        f.kernel.tick(); // nothing over a down link any more: nothing to do twice
        assertThat(f.notifier.messagesFor(v.key())).containsOnlyOnce(RouteRepair.REROUTED);
        f.restart();
        assertThat(links(f.kernel.get(KernelFixture.GRC, v.key()))).containsExactly("A--X", "X--B");
        assertThat(f.kernel.usageAt("A--X", mid)).isEqualTo(4_000);
    }

    @Test
    void aFuturePathIsRoutedAgainTooWithoutTouchingTheSwitches() {
        TimeWindow w = KernelFixture.window(60, 120);
        ReservationView v = booked(3_000, w);
        network.down = Set.of("A--B");
        f.kernel.tick();
        ReservationView after = f.kernel.get(KernelFixture.GRC, v.key());
        assertThat(after.lifecycleState()).isEqualTo(LifecycleState.Created);
        assertThat(links(after)).containsExactly("A--X", "X--B");
        assertThat(network.actions()).doesNotContain("modify:" + v.key());
    }

    @Test
    void whenNoOtherPathFitsTheReservationFailsReleasesEverythingAndItsCoordinatorIsTold() {
        TimeWindow w = KernelFixture.window(10, 120);
        ReservationView v = booked(8_000, w);
        f.clock.advanceTo(w.start().plusSeconds(1));
        f.kernel.tick();
        network.down = Set.of("A--B");
        f.kernel.tick();

        ReservationView after = f.kernel.get(KernelFixture.GRC, v.key());
        assertThat(after.lifecycleState()).isEqualTo(LifecycleState.Failed);
        assertThat(after.reason()).contains("A--B", "8000 Mbps A-B");
        assertThat(network.actions()).contains("cancel:" + v.key());
        assertThat(f.kernel.usageProfiles()).allSatisfy((id, profile) -> assertThat(profile.values()).allMatch(u -> u == 0));
        assertThat(f.notifier.messagesFor(v.key())).contains(RouteRepair.FAILED);
        // the coordinator's cancel of the failed part is answered as a no-op, not refused
        assertThat(f.kernel.cancel(KernelFixture.GRC, v.key(), KernelFixture.id()).lifecycleState())
                .isEqualTo(LifecycleState.Failed);
        f.restart();
        assertThat(f.kernel.get(KernelFixture.GRC, v.key()).lifecycleState()).isEqualTo(LifecycleState.Failed);
        assertThat(f.kernel.usageAt("A--B", w.start().plusSeconds(60))).isZero();
    }

    @Test
    void aLinkFoundAfterTheStartIsBookableWithoutARestart() {
        TimeWindow w = KernelFixture.window(60, 120);
        network.down = Set.of("A--B");
        assertThat(freeAB(w)).isEqualTo(5_000);
        network.found.add(new BackendInventory.NetLink("A--B:2", "A", "B", 10_000, 0.005, null));
        f.kernel.tick();
        assertThat(freeAB(w)).isEqualTo(10_000);
        assertThat(links(booked(8_000, w))).containsExactly("A--B:2");
        assertThat(f.kernel.capacityViolations()).isEmpty();
    }

    /**
     * A reservation's paths that stay keep their bandwidth while its other paths are routed again: the moved path
     * must not take a link's bandwidth that a staying path of the same reservation uses (found by a deterministic
     * simulation seed: a link booked beyond its capacity).
     */
    @Test
    void aPathRoutedAgainDoesNotTakeTheBandwidthOfTheReservationsPathsThatStay() {
        // A--B 1000, A--C 800, C--B 800: A-B goes direct (widest), A-C direct; with A--C down, A-C could only go A--B--C
        BackendInventory triangle = new BackendInventory(RmKind.NETWORK, "D", List.of(),
                List.of(new BackendInventory.NetEndpoint("A", false), new BackendInventory.NetEndpoint("B", false),
                        new BackendInventory.NetEndpoint("C", false)),
                List.of(new BackendInventory.NetLink("A--B", "A", "B", 1_000, 0.005, null),
                        new BackendInventory.NetLink("A--C", "A", "C", 800, 0.005, null),
                        new BackendInventory.NetLink("C--B", "C", "B", 800, 0.005, null)),
                List.of(), List.of());
        Set<String> down = new java.util.HashSet<>();
        SimulatedBackend widest = new SimulatedBackend(triangle) {
            @Override
            public LiveState liveState() {
                return new LiveState(true, Set.of(), Set.copyOf(down), "ok");
            }

            @Override
            public NetworkRouting routing(String policy) {
                return WidestPathRouting.INSTANCE;
            }
        };
        KernelFixture k = new KernelFixture(widest, KernelFixture.settings(Duration.ofMinutes(2), Map.of()), KernelFixture.T0);
        TimeWindow w = KernelFixture.window(60, 120);
        ReservationSpec two = new ReservationSpec(w, List.of(), List.of(new NetworkDemand("A", "B", 600, null, null),
                new NetworkDemand("A", "C", 500, null, null)), List.of(), List.of("alice"), "co-1");
        ReservationView v = k.kernel.commit(KernelFixture.GRC,
                k.kernel.reserve(KernelFixture.GRC, KernelFixture.id(), two, KernelFixture.CONSUMER).key(), KernelFixture.id());
        assertThat(v.allocation().network()).extracting(n -> n.links()).containsExactly(List.of("A--B"), List.of("A--C"));

        down.add("A--C");
        k.kernel.tick();

        assertThat(k.kernel.capacityViolations()).isEmpty();
        assertThat(k.kernel.usageAt("A--B", w.start().plusSeconds(60))).isLessThanOrEqualTo(1_000);
        ReservationView after = k.kernel.get(KernelFixture.GRC, v.key());
        assertThat(after.lifecycleState()).as("A-C fits no other path beside A-B's 600").isEqualTo(LifecycleState.Failed);
    }
}
