package org.doji.grc.simulation;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.doji.grc.model.CoPlan;
import org.doji.rm.model.AvailabilityQuery;
import org.doji.rm.model.ResourceInventory;
import org.doji.rm.model.SlotAvailability;
import org.doji.rm.model.TimeWindow;
import org.doji.rm.util.SettableClock;
import org.junit.jupiter.api.Test;

/** The quota reading of a service level: a share of capacity, less what the user already holds at the busiest moment. */
class CapacityQuotaTest {

    private final ReferenceGrid grid = ReferenceGrid.create(ScenarioLoader.reference().topology(),
            new SettableClock(Workload.T0), Map.of());
    private final Map<String, ResourceInventory> descriptions = new LinkedHashMap<>();
    private final Instant t = Workload.T0.plus(Duration.ofHours(30));

    CapacityQuotaTest() {
        grid.kernels().forEach((id, k) -> descriptions.put(id, k.describe(ReferenceGrid.GRC)));
    }

    private int coresShown(CapacityQuota quota, String user, String rm, String site, TimeWindow w) {
        List<SlotAvailability> a = quota.answer(rm, grid.kernels().get(rm), new AvailabilityQuery(List.of(w), user));
        return a.get(0).compute().stream().filter(c -> c.site().equals(site)).findFirst().orElseThrow().freeCores();
    }

    private long mbpsShown(CapacityQuota quota, String user, TimeWindow w) {
        List<SlotAvailability> a = quota.answer("nrm-JN", grid.kernels().get("nrm-JN"), new AvailabilityQuery(List.of(w), user));
        return a.get(0).paths().stream().filter(p -> p.from().equals("JN1") && p.to().equals("JN2")
                || p.from().equals("JN2") && p.to().equals("JN1")).findFirst().orElseThrow().freeBandwidthMbps();
    }

    @Test
    void aLowLevelUserSeesHalfTheCapacityLessWhatTheyHoldThenOthersSeeTheRmsAnswer() {
        CapacityQuota quota = new CapacityQuota(Map.of("B", 0.5), descriptions);
        TimeWindow hour = new TimeWindow(t, t.plus(Duration.ofHours(1)));
        // JN2 has 16 cores: B may hold 8
        assertThat(coresShown(quota, "B", "crm-JN2", "JN2", hour)).isEqualTo(8);
        CoPlan held = new CoPlan(0, new TimeWindow(t.plus(Duration.ofMinutes(30)), t.plus(Duration.ofMinutes(90))),
                List.of(new CoPlan.PlacedSite("s1", "JN2", "crm-JN2", 3)),
                List.of(new CoPlan.RoutedLink("s1", "s2", 4000, List.of(new CoPlan.Hop("nrm-JN", "JN2", "JN1")))), 0, 1);
        quota.reserved("B", held);
        assertThat(coresShown(quota, "B", "crm-JN2", "JN2", hour)).isEqualTo(5);
        // a 10 Gbps path: B may hold 5, holds 4 in either direction
        assertThat(mbpsShown(quota, "B", hour)).isEqualTo(1000);
        // outside the held window, and for A, nothing is taken off
        TimeWindow later = new TimeWindow(t.plus(Duration.ofMinutes(90)), t.plus(Duration.ofHours(3)));
        assertThat(coresShown(quota, "B", "crm-JN2", "JN2", later)).isEqualTo(8);
        assertThat(coresShown(quota, "A", "crm-JN2", "JN2", hour)).isEqualTo(16);
        quota.reserved("A", held);
        assertThat(coresShown(quota, "B", "crm-JN2", "JN2", hour)).isEqualTo(5);
    }

    @Test
    void theBusiestMomentCountsNotTheSumOfEverythingInTheWindow() {
        CapacityQuota quota = new CapacityQuota(Map.of("B", 0.5), descriptions);
        TimeWindow twoHours = new TimeWindow(t, t.plus(Duration.ofHours(2)));
        for (int i = 0; i < 2; i++) { // 4 cores in the first hour, 4 in the second: never 8 at once
            Instant s = t.plus(Duration.ofHours(i));
            quota.reserved("B", new CoPlan(0, new TimeWindow(s, s.plus(Duration.ofHours(1))),
                    List.of(new CoPlan.PlacedSite("s1", "JN3", "crm-JN3", 4)), List.of(), 0, 1));
        }
        assertThat(coresShown(quota, "B", "crm-JN3", "JN3", twoHours)).isEqualTo(16 - 4);
    }
}
