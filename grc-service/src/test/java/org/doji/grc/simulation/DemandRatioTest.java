package org.doji.grc.simulation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.data.Offset.offset;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.doji.grc.model.CoRequest;
import org.doji.grc.model.Policy;
import org.doji.grc.simulation.Workload.RequestType;
import org.doji.grc.simulation.Workload.SimRequest;
import org.junit.jupiter.api.Test;

/** Demand ratio arithmetic on a workload small enough to check by hand. */
class DemandRatioTest {

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
        return new SimRequest(1, "A", Workload.T0, RequestType.values()[cores.size() - 1], r);
    }

    @Test
    void requestedOverAvailableCoreTimeAndBandwidthTime() {
        // 4 cores for 1 h = 4 core-h, no link;  2 + 8 cores for 30 min = 5 core-h, one 1 Gbps link = 0.5 Gbps-h;
        // 1 + 1 + 1 cores for 2 h = 6 core-h, two links = 4 Gbps-h
        List<SimRequest> workload = List.of(request(List.of(4), 0, 60), request(List.of(2, 8), 1, 30),
                request(List.of(1, 1, 1), 2, 120));
        DemandRatio d = DemandRatio.of(workload, 232, 460_000, Duration.ofHours(24));
        assertThat(d.requests()).isEqualTo(3);
        assertThat(d.coreHoursRequested()).isEqualTo(15.0, offset(1e-9));
        assertThat(d.coreHoursAvailable()).isEqualTo(232 * 24.0, offset(1e-9));
        assertThat(d.cores()).isEqualTo(15.0 / 5568.0, offset(1e-12));
        assertThat(d.gbpsHoursRequested()).isEqualTo(4.5, offset(1e-9));
        assertThat(d.gbpsHoursAvailable()).isEqualTo(460 * 24.0, offset(1e-9));
        assertThat(d.bandwidth()).isEqualTo(4.5 / 11040.0, offset(1e-12));
    }

    @Test
    void theEvaluationsRatiosAddUpOverUsersAndUseTheBookablePeriod() {
        SmallRuns.quietLogs();
        SimulationParameters p = SmallRuns.params(3, 20);
        List<SimRequest> requests = Workload.generate(p, 20);
        double coreHours = requests.stream().mapToDouble(SimRequest::coreHours).sum();
        DemandRatio all = DemandRatio.of(requests, 232, 460_000, p.bookablePeriod());
        assertThat(p.bookablePeriod()).isEqualTo(Duration.ofHours(6));
        assertThat(all.cores()).isEqualTo(coreHours / (232 * 6.0), offset(1e-12));
        double byUser = Workload.USERS.stream().mapToDouble(u -> DemandRatio.of(requests.stream()
                .filter(r -> r.user().equals(u)).toList(), 232, 460_000, p.bookablePeriod()).coreHoursRequested()).sum();
        assertThat(byUser).isEqualTo(all.coreHoursRequested(), offset(1e-9));
    }
}
