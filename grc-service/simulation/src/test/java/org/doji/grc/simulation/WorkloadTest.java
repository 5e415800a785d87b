package org.doji.grc.simulation;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.doji.grc.model.CoRequest;
import org.doji.grc.model.Policy;
import org.doji.grc.planning.CandidateSlots;
import org.doji.grc.simulation.Workload.SimRequest;
import org.junit.jupiter.api.Test;

/** The generated workload follows the scenario and the stated reading of it. */
class WorkloadTest {

    private final Scenario reference = ScenarioLoader.reference();

    @Test
    void nextDayReadingEveryCandidateSlotLiesInTheDayAfterTheArrivals() {
        List<SimRequest> requests = Workload.generate(reference, 5);
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
    void typesCoresDurationsAndBandwidthComeFromTheScenariosSets() {
        List<SimRequest> requests = Workload.generate(reference, 5);
        assertThat(requests.stream().map(SimRequest::type).collect(Collectors.toSet()))
                .isEqualTo(new HashSet<>(reference.requestTypes()));
        assertThat(requests).allSatisfy(r -> {
            assertThat(r.request().sites()).hasSize(r.type().sites())
                    .allSatisfy(s -> assertThat(reference.draws().coresPerSite()).contains(s.cores()));
            assertThat(r.request().links()).hasSize(r.type().links().size())
                    .allSatisfy(l -> assertThat(reference.draws().bandwidthMbps()).contains((int) l.bandwidthMbps()));
            assertThat(reference.draws().durationsMinutes()).contains((int) r.request().time().duration().toMinutes());
        });
    }

    @Test
    void balancedDrawsDealEveryTypeAndDurationPairEquallyOftenToEachUser() {
        // 288 requests per user at 5 min = 24 whole decks of 4 types x 3 durations
        List<SimRequest> requests = Workload.generate(reference, 5);
        for (String user : reference.userNames()) {
            Map<String, Long> pairs = requests.stream().filter(r -> r.user().equals(user)).collect(Collectors.groupingBy(
                    r -> r.type().name() + "/" + r.request().time().duration().toMinutes(), Collectors.counting()));
            assertThat(pairs).hasSize(12);
            assertThat(pairs.values()).containsOnly(24L);
        }
    }

    @Test
    void perUserStreamsHaveTheirExpectedCountAtIndependentUniformTimes() {
        for (int interval : List.of(5, 10)) {
            List<SimRequest> requests = Workload.generate(reference, interval);
            for (String user : reference.userNames()) {
                List<SimRequest> mine = requests.stream().filter(r -> r.user().equals(user)).toList();
                assertThat(mine).hasSize(24 * 60 / interval);
                // uniform times: each 6-hour quarter holds about a quarter of them (binomial, four standard deviations)
                for (int q = 0; q < 4; q++) {
                    Instant from = Workload.T0.plus(Duration.ofHours(6L * q));
                    long n = mine.stream().filter(r -> !r.arrival().isBefore(from) && r.arrival().isBefore(from.plus(Duration.ofHours(6))))
                            .count();
                    double mean = mine.size() / 4.0;
                    assertThat((double) n).isBetween(mean - 4 * Math.sqrt(mean * 0.75), mean + 4 * Math.sqrt(mean * 0.75));
                }
            }
            assertThat(requests).extracting(SimRequest::id).containsExactlyElementsOf(
                    java.util.stream.IntStream.rangeClosed(1, requests.size()).boxed().toList());
            assertThat(requests).isSortedAccordingTo(java.util.Comparator.comparing(SimRequest::arrival));
        }
    }

    @Test
    void poissonArrivalsWithoutExactCountAndOneCombinedStream() {
        Scenario s = reference;
        Scenario poisson = new Scenario(s.name(), s.description(), 3, s.topology(), s.users(), s.requestTypes(),
                new Scenario.Arrivals(Scenario.Arrivals.Process.COMBINED, List.of(10), 24, false), s.booking(), s.draws(),
                s.planning(), s.bandwidthCounting(), s.paper(), s.output(), s.settings(), s.linkFailures());
        List<SimRequest> requests = Workload.generate(poisson, 10);
        // one stream of mean interval 10 min for both users: 144 expected, Poisson count (four standard deviations)
        assertThat((double) requests.size()).isBetween(144 - 4 * 12.0, 144 + 4 * 12.0).isNotEqualTo(144.0);
        long a = requests.stream().filter(r -> r.user().equals("A")).count();
        assertThat(Math.abs(2 * a - requests.size())).isLessThanOrEqualTo(1); // users dealt from a balanced deck
    }

    @Test
    void rollingReadingBooksWithinTheDayAfterEachArrivalWithTheSameRequestsAsTheNextDayReading() {
        List<SimRequest> rolling = Workload.generate(reference, 10, Scenario.Booking.Mode.ROLLING);
        List<SimRequest> nextDay = Workload.generate(reference, 10, Scenario.Booking.Mode.NEXT_DAY);
        assertThat(rolling).allSatisfy(r -> {
            CoRequest.Time t = r.request().time();
            assertThat(t.earliestStart()).isAfterOrEqualTo(r.arrival());
            assertThat(t.deadline()).isBeforeOrEqualTo(r.arrival().plus(Duration.ofHours(24)));
        });
        assertThat(nextDay).allSatisfy(r -> assertThat(r.request().time().earliestStart())
                .isAfterOrEqualTo(Workload.T0.plus(Duration.ofHours(24))));
        // the readings differ only in where EST lies: same arrivals, users, types, sizes and durations
        assertThat(rolling).hasSameSizeAs(nextDay);
        for (int i = 0; i < rolling.size(); i++) {
            SimRequest r = rolling.get(i);
            SimRequest n = nextDay.get(i);
            assertThat(r.arrival()).isEqualTo(n.arrival());
            assertThat(r.user()).isEqualTo(n.user());
            assertThat(r.request().sites()).isEqualTo(n.request().sites());
            assertThat(r.request().links()).isEqualTo(n.request().links());
            assertThat(r.request().time().duration()).isEqualTo(n.request().time().duration());
        }
        assertThat(rolling.stream().filter(r -> r.request().time().earliestStart().isBefore(Workload.T0.plus(Duration.ofHours(24)))))
                .isNotEmpty();
    }
}
