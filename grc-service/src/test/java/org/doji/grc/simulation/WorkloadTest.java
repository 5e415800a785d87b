package org.doji.grc.simulation;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.doji.grc.core.CandidateSlots;
import org.doji.grc.model.CoRequest;
import org.doji.grc.model.Policy;
import org.doji.grc.simulation.Workload.RequestType;
import org.doji.grc.simulation.Workload.SimRequest;
import org.junit.jupiter.api.Test;

/** The generated workload follows §9 and the stated reading of it. */
class WorkloadTest {

    private final SimulationParameters defaults = SimulationParameters.defaults();

    @Test
    void nextDayReadingEveryCandidateSlotLiesInTheDayAfterTheArrivals() {
        List<SimRequest> requests = Workload.generate(defaults, 5);
        Instant dayStart = Workload.T0.plus(Duration.ofHours(24));
        Instant dayEnd = Workload.T0.plus(Duration.ofHours(48));
        assertThat(requests).allSatisfy(r -> {
            assertThat(r.arrival()).isBetween(Workload.T0, dayStart.minusNanos(1));
            CoRequest.Time t = r.request().time();
            assertThat(Duration.between(t.earliestStart(), t.latestStart())).isEqualTo(Duration.ofMinutes(15));
            assertThat(t.earliestStart().getEpochSecond() % 60).isZero();
            assertThat(CandidateSlots.of(t, 10)).hasSize(10).allSatisfy(w -> {
                assertThat(w.start()).isAfterOrEqualTo(dayStart);
                assertThat(w.end()).isBeforeOrEqualTo(dayEnd);
            });
            assertThat(r.request().policy()).isEqualTo(Policy.EARLIEST);
        });
    }

    @Test
    void typesCoresDurationsAndBandwidthComeFromTheSetsOfSection9() {
        List<SimRequest> requests = Workload.generate(defaults, 5);
        assertThat(requests.stream().map(SimRequest::type).collect(Collectors.toSet()))
                .isEqualTo(EnumSet.allOf(RequestType.class));
        assertThat(requests).allSatisfy(r -> {
            assertThat(r.request().sites()).hasSize(r.type().sites)
                    .allSatisfy(s -> assertThat(Set.of(1, 2, 4, 8)).contains(s.cores()));
            assertThat(r.request().links()).hasSize(r.type().links())
                    .allSatisfy(l -> assertThat(l.bandwidthMbps()).isEqualTo(1000));
            assertThat(Set.of(30L, 60L, 120L)).contains(r.request().time().duration().toMinutes());
        });
        // roughly uniform types: each of the four within 25 % ± 8 % of ~550 requests
        requests.stream().collect(Collectors.groupingBy(SimRequest::type, Collectors.counting()))
                .forEach((type, n) -> assertThat((double) n / requests.size()).isBetween(0.17, 0.33));
    }

    @Test
    void eachUserIsAPoissonStreamWithTheMeanInterval() {
        for (int interval : List.of(5, 10)) {
            List<SimRequest> requests = Workload.generate(defaults, interval);
            for (String user : Workload.USERS) {
                long n = requests.stream().filter(r -> r.user().equals(user)).count();
                double expected = 24 * 60.0 / interval;
                // Poisson count: standard deviation sqrt(expected); allow four of them
                assertThat((double) n).isBetween(expected - 4 * Math.sqrt(expected), expected + 4 * Math.sqrt(expected));
            }
            assertThat(requests).extracting(SimRequest::id).containsExactlyElementsOf(
                    java.util.stream.IntStream.rangeClosed(1, requests.size()).boxed().toList());
            assertThat(requests).isSortedAccordingTo(java.util.Comparator.comparing(SimRequest::arrival));
        }
    }

    @Test
    void rollingReadingBooksWithinTheDayAfterEachArrival() {
        SimulationParameters rolling = new SimulationParameters(1, List.of(10), 24, 24, SimulationParameters.Booking.ROLLING,
                10, 0.5, List.of(30, 60, 120), List.of(1, 2, 4, 8), 1000, 3.0, 120, 5, "fast");
        assertThat(Workload.generate(rolling, 10)).allSatisfy(r -> {
            CoRequest.Time t = r.request().time();
            assertThat(t.earliestStart()).isAfterOrEqualTo(r.arrival());
            assertThat(t.deadline()).isBeforeOrEqualTo(r.arrival().plus(Duration.ofHours(24)));
        });
        assertThat(rolling.bookablePeriod()).isEqualTo(Duration.ofHours(48));
    }
}
