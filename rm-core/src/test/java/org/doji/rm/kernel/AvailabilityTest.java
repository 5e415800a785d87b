package org.doji.rm.kernel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.doji.rm.kernel.KernelFixture.GRC;
import static org.doji.rm.kernel.KernelFixture.T0;
import static org.doji.rm.kernel.KernelFixture.cores;
import static org.doji.rm.kernel.KernelFixture.id;
import static org.doji.rm.kernel.KernelFixture.window;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.doji.rm.api.Caller;
import org.doji.rm.fault.DojiException;
import org.doji.rm.fault.FaultKind;
import org.doji.rm.model.AvailabilityQuery;
import org.doji.rm.model.CountableDemand;
import org.doji.rm.model.ReservationSpec;
import org.doji.rm.model.SlotAvailability;
import org.doji.rm.model.TimeWindow;
import org.doji.rm.spi.BackendInventory.CapacityChange;
import org.junit.jupiter.api.Test;

/** getAvailableResources: N slots in one call, service levels, maintenance as calendar events. */
class AvailabilityTest {

    @Test
    void answersEverySlotInOneCallWithWhatIsFreeInEach() {
        KernelFixture f = KernelFixture.site(4);
        f.kernel.commit(GRC, f.kernel.reserve(GRC, id(), cores(16, window(60, 120)), null).key(), id());
        f.kernel.commit(GRC, f.kernel.reserve(GRC, id(), cores(8, window(100, 200)), null).key(), id());
        List<TimeWindow> slots = List.of(window(0, 60), window(60, 100), window(90, 130), window(120, 200),
                window(200, 260));
        List<SlotAvailability> free = f.kernel.availability(GRC, new AvailabilityQuery(slots, null));
        assertThat(free).extracting(SlotAvailability::index).containsExactly(0, 1, 2, 3, 4);
        assertThat(free).extracting(SlotAvailability::window).containsExactlyElementsOf(slots);
        assertThat(free).extracting(s -> s.compute().get(0).freeCores()).containsExactly(32, 16, 8, 24, 32);
        assertThat(free).extracting(s -> s.countables().get(0).free()).containsOnly(10L);
    }

    @Test
    void eachUserSeesTheShareOfFreeCapacityItsServiceLevelAllows() {
        KernelFixture f = new KernelFixture(KernelFixture.inventory(4, List.of()),
                KernelFixture.settings(Duration.ofSeconds(120), Map.of("bob", 0.5, "carol", 0.3)));
        f.kernel.commit(GRC, f.kernel.reserve(GRC, id(), cores(8, window(60, 120)), null).key(), id());
        TimeWindow w = window(60, 120);
        int full = f.kernel.availability(GRC, new AvailabilityQuery(List.of(w), null)).get(0).compute().get(0).freeCores();
        assertThat(full).isEqualTo(24);
        SlotAvailability bob = f.kernel.availability(GRC, new AvailabilityQuery(List.of(w), "bob")).get(0);
        assertThat(bob.compute().get(0).freeCores()).isEqualTo(12);
        assertThat(bob.countables().get(0).free()).isEqualTo(5);
        SlotAvailability carol = f.kernel.availability(Caller.user("carol"), new AvailabilityQuery(List.of(w), null)).get(0);
        assertThat(carol.compute().get(0).freeCores()).isEqualTo(7); // floor(24 * 0.3)
        assertThat(carol.countables().get(0).free()).isEqualTo(3);
        SlotAvailability dave = f.kernel.availability(GRC, new AvailabilityQuery(List.of(w), "dave")).get(0);
        assertThat(dave.compute().get(0).freeCores()).isEqualTo(24);
    }

    @Test
    void maintenanceIsAnEventOfTheCalendar() {
        var changes = List.of(new CapacityChange("s-n2", T0.plus(Duration.ofMinutes(100)), T0.plus(Duration.ofMinutes(160)), 8),
                new CapacityChange("lic", T0.plus(Duration.ofMinutes(0)), T0.plus(Duration.ofMinutes(30)), 6));
        KernelFixture f = new KernelFixture(KernelFixture.inventory(4, changes), RmSettingsHolder.DEFAULT);
        assertThat(f.freeCores(window(0, 100))).isEqualTo(32);
        assertThat(f.freeCores(window(90, 110))).isEqualTo(24);
        assertThat(f.freeCores(window(159, 161))).isEqualTo(24);
        assertThat(f.freeCores(window(160, 200))).isEqualTo(32);
        assertThat(f.free(window(10, 20)).get(0).countables().get(0).free()).isEqualTo(4);
        assertThat(f.free(window(29, 40)).get(0).countables().get(0).free()).isEqualTo(4);
        assertThat(f.free(window(30, 40)).get(0).countables().get(0).free()).isEqualTo(10);

        assertThatThrownBy(() -> f.kernel.reserve(GRC, id(), cores(32, window(90, 110)), null))
                .isInstanceOfSatisfying(DojiException.class, e -> assertThat(e.kind()).isEqualTo(FaultKind.RESOURCE_UNAVAILABLE));
        var r = f.kernel.reserve(GRC, id(), cores(24, window(90, 110)), null);
        assertThat(r.pendingAllocation().compute().get(0).nodes()).doesNotContain("s-n2").hasSize(3);
        f.kernel.reserve(GRC, id(), cores(32, window(160, 200)), null);
        ReservationSpec licences = new ReservationSpec(window(10, 20), List.of(), List.of(),
                List.of(new CountableDemand("lic", 5)), List.of(), null);
        assertThatThrownBy(() -> f.kernel.reserve(GRC, id(), licences, null))
                .isInstanceOfSatisfying(DojiException.class, e -> assertThat(e.errorCode()).isEqualTo("INSUFFICIENT_COUNTABLE"));
        assertThat(f.kernel.capacityViolations()).isEmpty();
    }

    private static final class RmSettingsHolder {
        static final RmSettings DEFAULT = RmSettings.defaults("crm-t");
    }
}
