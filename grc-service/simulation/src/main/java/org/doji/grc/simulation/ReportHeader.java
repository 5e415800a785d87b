package org.doji.grc.simulation;

import static org.doji.grc.simulation.Report.line;
import static org.doji.grc.simulation.Report.trim;

import java.util.stream.Collectors;
import org.doji.grc.simulation.Evaluation.Result;

/** The header of the table: the scenario and the reading of the evaluation it stands for, in the output itself. */
final class ReportHeader {

    private ReportHeader() {
    }

    static void write(StringBuilder out, Result result) {
        Scenario s = result.scenario();
        ScenarioTopology t = s.topology();
        int k = result.trials().size();
        line(out, "doji simulate: scenario \"%s\" in virtual time (the reference evaluation: docs/DESIGN.md §9, docs/simulation.md)",
                s.name());
        line(out, "real planner (engine \"%s\") and real RM kernels over simulated backends in one process; %s", s.planning().engine(),
                k == 1 ? "seed " + s.seed() : k + " runs, seeds " + s.seed() + ".." + (s.seed() + k - 1) + ", mean ± standard deviation");
        line(out, "grid: %d CRMs in %d NRM domains: %s (%d cores in all), %s per core-hour", t.siteCount(), t.domains().size(),
                t.domains().stream().map(d -> d.name() + " " + d.siteCores().stream().map(String::valueOf)
                        .collect(Collectors.joining("/"))).collect(Collectors.joining(", ")), t.totalCores(),
                trim(t.corePricePerCoreHour()));
        line(out, "      exchange points: %s; site-site paths %s Gbps at %s per Gbps-hour, site-exchange paths %s Gbps at %s"
                        + " per Gbps-hour (%d Gbps of paths)",
                t.domains().stream().map(d -> d.name() + " " + d.exchangePoints()).collect(Collectors.joining(", ")),
                trim(t.sitePaths().gbps()), trim(t.sitePaths().pricePerGbpsHour()), trim(t.exchangePaths().gbps()),
                trim(t.exchangePaths().pricePerGbpsHour()), t.totalPathMbps() / 1000);
        line(out, "workload: users %s; %s over [0, %d h)%s", s.users().stream().map(u -> u.name()
                        + (u.serviceLevel() < 1 ? " (service level " + trim(u.serviceLevel()) + ")" : "")).collect(Collectors.joining(", ")),
                s.arrivals().process() == Scenario.Arrivals.Process.PER_USER
                        ? "each user an independent Poisson stream with the mean interval"
                        : "one Poisson stream for all users (each request's user drawn)", s.arrivals().hours(),
                s.arrivals().exactCount() ? ", conditioned on its expected count (hours / interval arrivals at uniform times)" : "");
        line(out, "      request types (weights): %s", s.requestTypes().stream().map(r -> r.name() + " (" + r.weight() + ")")
                .collect(Collectors.joining(" | ")));
        line(out, "      drawn uniformly%s: duration %s min; cores per site %s; bandwidth per link %s Mbps; LST - EST = %s x interval",
                s.draws().balanced() ? " from shuffled decks (each value equally often)" : "", s.draws().durationsMinutes(),
                s.draws().coresPerSite(), s.draws().bandwidthMbps(), trim(s.booking().slackFactor()));
        line(out, "      booking readings: %s", s.booking().modes().stream().map(m -> m == Scenario.Booking.Mode.NEXT_DAY
                ? "next day (EST uniform, whole minutes, in [" + s.arrivals().hours() + " h, " + (s.arrivals().hours() + s.booking().hours())
                        + " h - D - (LST - EST)])"
                : "rolling (EST uniform in [a, a + " + s.booking().hours() + " h - D - (LST - EST)] for arrival a)")
                .collect(Collectors.joining("; ")));
        line(out, "      bandwidth counted the paper's way: a link in a domain takes 1 path, between domains 2; %s of links"
                + " inter-domain -> %s Gbps of paths per requested Gbps", trim(s.bandwidthCounting().interDomainShare()),
                trim(s.bandwidthCounting().pathsPerLink()));
        line(out, "planning: N = %d slots evenly over [EST, LST], policy %s; up to %d ranked plans tried with two-phase commit;"
                        + " each slot's search limited to %d steps (counted, not timed); ties between equal-cost plans: %s",
                s.planning().slots(), s.planning().policy(), s.planning().maxPlans(), s.planning().searchStepLimit(),
                s.planning().tieBreak() == Scenario.TieBreak.RM_ORDER ? "sites tried in the RMs' order (JN1 first)"
                        : "sites tried in the RMs' reversed order (sensitivity case)");
        for (Simulation.Setting setting : s.settings()) {
            line(out, "setting %s: %s", setting.label, setting.description);
        }
        if (!s.linkFailures().isEmpty()) {
            line(out, "link failures: %s", s.linkFailures().stream().map(f -> f.link() + " down " + trim(f.downAtHour()) + "-"
                    + trim(f.upAtHour()) + " h").collect(Collectors.joining(", ")));
        }
    }
}
