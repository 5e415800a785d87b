package org.doji.grc.planning;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.doji.grc.model.CoPlan;
import org.doji.rm.model.SlotAvailability;
import org.doji.rm.model.TimeWindow;
import org.junit.jupiter.api.Test;

class AvailabilityCreditTest {

    private static final Instant T0 = Instant.parse("2026-11-23T10:00:00Z");

    private static TimeWindow window(int fromHour, int toHour) {
        return new TimeWindow(T0.plusSeconds(3600L * fromHour), T0.plusSeconds(3600L * toHour));
    }

    private static SlotAvailability slot(int index, TimeWindow w, int freeA, long freeAB) {
        return new SlotAvailability(index, w, List.of(new SlotAvailability.ComputeFree("A", freeA, 1.0),
                new SlotAvailability.ComputeFree("B", 3, 1.0)),
                List.of(new SlotAvailability.PathFree("B", "A", freeAB, 0.1, null)), List.of());
    }

    @Test
    void addsTheOldPlansCoresAndBandwidthBackToOverlappingSlotsOfTheSameRmOnly() {
        CoPlan old = new CoPlan(0, window(0, 2), List.of(new CoPlan.PlacedSite("x", "A", "crm", 8)),
                List.of(new CoPlan.RoutedLink("x", "y", 500, List.of(new CoPlan.Hop("nrm", "A", "B")))), 10, 0);
        Map<String, List<SlotAvailability>> answers = Map.of(
                "crm", List.of(slot(0, window(1, 3), 4, 0), slot(1, window(2, 4), 4, 0)),
                "nrm", List.of(slot(0, window(1, 3), 0, 1000)),
                "other", List.of(slot(0, window(1, 3), 4, 1000)));

        var out = AvailabilityCredit.addBack(answers, old);

        assertThat(out.get("crm").get(0).compute()).extracting(SlotAvailability.ComputeFree::freeCores).containsExactly(12, 3);
        assertThat(out.get("crm").get(1).compute()).as("a slot that does not overlap the old window is untouched")
                .extracting(SlotAvailability.ComputeFree::freeCores).containsExactly(4, 3);
        assertThat(out.get("nrm").get(0).paths()).as("the path counts in either direction")
                .extracting(SlotAvailability.PathFree::freeBandwidthMbps).containsExactly(1500L);
        assertThat(out.get("other")).isEqualTo(answers.get("other"));
    }

    @Test
    void takesEarlierPlansOfABatchAwayFromOverlappingSlotsNeverBelowZero() {
        CoPlan first = new CoPlan(0, window(0, 2), List.of(new CoPlan.PlacedSite("x", "A", "crm", 3)),
                List.of(new CoPlan.RoutedLink("x", "y", 400, List.of(new CoPlan.Hop("nrm", "A", "B")))), 10, 0);
        CoPlan second = new CoPlan(0, window(1, 2), List.of(new CoPlan.PlacedSite("x", "A", "crm", 3),
                new CoPlan.PlacedSite("y", "B", "crm", 2)), List.of(), 10, 0);
        Map<String, List<SlotAvailability>> answers = Map.of(
                "crm", List.of(slot(0, window(1, 3), 4, 0), slot(1, window(2, 4), 4, 0)),
                "nrm", List.of(slot(0, window(1, 3), 0, 1000)));

        var out = AvailabilityCredit.takeAway(answers, List.of(first, second));

        assertThat(out.get("crm").get(0).compute()).as("4 - 3 - 3 is none, not a negative count")
                .extracting(SlotAvailability.ComputeFree::freeCores).containsExactly(0, 1);
        assertThat(out.get("crm").get(1).compute()).extracting(SlotAvailability.ComputeFree::freeCores).containsExactly(4, 3);
        assertThat(out.get("nrm").get(0).paths()).extracting(SlotAvailability.PathFree::freeBandwidthMbps).containsExactly(600L);
    }
}
