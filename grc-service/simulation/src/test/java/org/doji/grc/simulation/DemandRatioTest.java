package org.doji.grc.simulation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.data.Offset.offset;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.doji.grc.model.CoRequest;
import org.doji.grc.model.Policy;
import org.doji.grc.simulation.Workload.SimRequest;
import org.junit.jupiter.api.Test;

/** Demand ratio arithmetic on a workload small enough to check by hand, and the reference scenario against the paper. */
class DemandRatioTest {

    private static final Scenario REFERENCE = ScenarioLoader.reference();

    private static SimRequest request(List<Integer> cores, int links, int minutes) {
        Instant est = Workload.T0.plus(Duration.ofHours(24));
        List<CoRequest.Site> sites = new java.util.ArrayList<>();
        for (int i = 0; i < cores.size(); i++) {
            sites.add(new CoRequest.Site("s" + (i + 1), cores.get(i), null, null));
        }
        List<CoRequest.Link> l = new java.util.ArrayList<>();
        for (int i = 0; i < links; i++) {
            l.add(new CoRequest.Link("s" + (i + 1), "s" + (i + 2 > cores.size() ? 1 : i + 2), 1000, null));
        }
        CoRequest r = new CoRequest(sites, l, List.of(), new CoRequest.Time(est, est.plusSeconds(900),
                Duration.ofMinutes(minutes), false), Policy.EARLIEST, List.of(), null, "hand-made");
        return new SimRequest(1, "A", Workload.T0, REFERENCE.requestTypes().get(cores.size() - 1), r);
    }

    @Test
    void requestedOverAvailableCoreTimeAndPathTimeCountedThePapersWay() {
        // 4 cores for 1 h = 4 core-h, no link;  2 + 8 cores for 30 min = 5 core-h, one 1 Gbps link = 0.5 Gbps-h;
        // 1 + 1 + 1 cores for 2 h = 6 core-h, two links = 4 Gbps-h; half the links inter-domain: x 1.5 of paths
        List<SimRequest> workload = List.of(request(List.of(4), 0, 60), request(List.of(2, 8), 1, 30),
                request(List.of(1, 1, 1), 2, 120));
        DemandRatio d = DemandRatio.of(workload, REFERENCE.topology(), new Scenario.BandwidthCounting(0.5), Duration.ofHours(24));
        assertThat(d.requests()).isEqualTo(3);
        assertThat(d.coreHoursRequested()).isEqualTo(15.0, offset(1e-9));
        assertThat(d.coreHoursAvailable()).isEqualTo(232 * 24.0, offset(1e-9));
        assertThat(d.cores()).isEqualTo(15.0 / 5568.0, offset(1e-12));
        assertThat(d.gbpsHoursRequested()).isEqualTo(4.5, offset(1e-9));
        assertThat(d.pathGbpsHoursRequested()).isEqualTo(6.75, offset(1e-9));
        assertThat(d.gbpsHoursAvailable()).isEqualTo(460 * 24.0, offset(1e-9));
        assertThat(d.bandwidth()).isEqualTo(6.75 / 11040.0, offset(1e-12));
        assertThat(d.bandwidthAsAsked()).isEqualTo(4.5 / 11040.0, offset(1e-12));
        // all links inside a domain: each takes one path
        assertThat(DemandRatio.of(workload, REFERENCE.topology(), new Scenario.BandwidthCounting(0), Duration.ofHours(24))
                .bandwidth()).isEqualTo(4.5 / 11040.0, offset(1e-12));
    }

    @Test
    void theReferenceScenarioReproducesThePapersStatedDemandWithinFivePercentForEverySeedTried() {
        for (long seed = 1; seed <= 6; seed++) {
            Scenario s = REFERENCE.withSeed(seed);
            for (Scenario.PaperFigure paper : s.paper()) {
                DemandRatio d = Evaluation.ratios(s, Workload.generate(s, paper.intervalMinutes())).get("all");
                assertThat(d.cores()).as("CPU, seed %d, %d min", seed, paper.intervalMinutes())
                        .isBetween(0.95 * paper.cpu(), 1.05 * paper.cpu());
                assertThat(d.bandwidth()).as("bandwidth, seed %d, %d min", seed, paper.intervalMinutes())
                        .isBetween(0.95 * paper.bandwidth(), 1.05 * paper.bandwidth());
            }
        }
        assertThat(REFERENCE.paper()).extracting(Scenario.PaperFigure::intervalMinutes).containsExactlyInAnyOrder(5, 10);
    }

    @Test
    void theMeansOfTheReferenceDrawsGiveThePapersRatiosWithTableOneTakenLiterally() {
        Scenario s = REFERENCE;
        double sites = s.requestTypes().stream().mapToInt(Scenario.RequestType::sites).average().orElseThrow();
        double links = s.requestTypes().stream().mapToInt(t -> t.linkPairs().size()).average().orElseThrow();
        double cores = s.draws().coresPerSite().stream().mapToInt(Integer::intValue).average().orElseThrow();
        double gbps = s.draws().bandwidthMbps().stream().mapToInt(Integer::intValue).average().orElseThrow() / 1000;
        double hours = s.draws().durationsMinutes().stream().mapToInt(Integer::intValue).average().orElseThrow() / 60;
        for (Scenario.PaperFigure paper : s.paper()) {
            double requests = s.users().size() * s.arrivals().hours() * 60.0 / paper.intervalMinutes();
            double cpu = requests * sites * cores * hours / (s.topology().totalCores() * s.booking().hours());
            double bw = requests * links * gbps * hours * s.bandwidthCounting().pathsPerLink()
                    / (s.topology().totalPathMbps() / 1000.0 * s.booking().hours());
            assertThat(cpu).as("CPU at %d min", paper.intervalMinutes()).isBetween(0.99 * paper.cpu(), 1.01 * paper.cpu());
            assertThat(bw).as("bandwidth at %d min", paper.intervalMinutes())
                    .isBetween(0.975 * paper.bandwidth(), 1.025 * paper.bandwidth());
        }
    }

    @Test
    void bothBookingReadingsCountDemandOverTheSameBookingPeriod() {
        Scenario s = REFERENCE;
        DemandRatio nextDay = Evaluation.ratios(s, Workload.generate(s, 10, Scenario.Booking.Mode.NEXT_DAY)).get("all");
        DemandRatio rolling = Evaluation.ratios(s, Workload.generate(s, 10, Scenario.Booking.Mode.ROLLING)).get("all");
        assertThat(rolling.coreHoursAvailable()).isEqualTo(232 * 24.0, offset(1e-9));
        assertThat(rolling.cores()).isEqualTo(nextDay.cores(), offset(1e-12));
    }

    @Test
    void theLiteralReadingOfSection9IsFarBelowThePapersLoad() throws Exception {
        Scenario literal = ScenarioLoader.load(java.nio.file.Path.of("../../docs/scenarios/section9-literal.yaml"));
        DemandRatio d = Evaluation.ratios(literal, Workload.generate(literal, 10)).get("all");
        assertThat(d.cores()).isBetween(0.4, 0.6);
        assertThat(d.bandwidth()).isBetween(0.05, 0.09);
    }

    @Test
    void ratiosAddUpOverUsers() {
        Scenario p = SmallRuns.scenario(3, 20);
        List<SimRequest> requests = Workload.generate(p, 20);
        var ratios = Evaluation.ratios(p, requests);
        double byUser = p.userNames().stream().mapToDouble(u -> ratios.get(u).coreHoursRequested()).sum();
        assertThat(byUser).isEqualTo(ratios.get("all").coreHoursRequested(), offset(1e-9));
        assertThat(ratios.get("all").coreHoursAvailable()).isEqualTo(232 * 6.0, offset(1e-9));
    }
}
