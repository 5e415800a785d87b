package org.doji.grc.simulation;

import static org.doji.grc.simulation.Report.f;
import static org.doji.grc.simulation.Report.line;
import static org.doji.grc.simulation.Report.pct;
import static org.doji.grc.simulation.Report.trim;

import java.util.List;
import java.util.Locale;
import org.doji.grc.simulation.Evaluation.Result;
import org.doji.grc.simulation.Evaluation.Trial;
import org.doji.grc.simulation.Simulation.Outcome;
import org.doji.grc.simulation.Workload.SimRequest;

/**
 * The demand part of the table: the CPU and bandwidth demand ratios beside the paper's, the bandwidth counted three
 * ways (the paper's one-to-one convention, the cheapest routes on an empty grid, the paths the reserved plans
 * actually took), the fluid bound, every planning search the step limit cut, and which requests each user with a
 * low service level could reserve at all on an empty grid.
 */
final class DemandReport {

    private DemandReport() {
    }

    static void write(StringBuilder out, Result result) {
        Scenario s = result.scenario();
        int k = result.trials().size();
        double pathsAvailable = s.topology().totalPathMbps() / 1000.0 * s.booking().hours();
        line(out, "Demand ratio = requested / available over the %d h booking period (both booking readings). Bandwidth: the"
                + " paper's convention (x %s path per requested Gbps), the cheapest routes of each request alone on an empty"
                + " grid, and the paths of the plans reserved", s.booking().hours(), trim(s.bandwidthCounting().pathsPerLink()));
        line(out, "%-9s %-28s %7s %17s %9s", "interval", "resource", "paper", "measured", "vs paper");
        for (int interval : s.arrivals().intervalsMinutes()) {
            var paper = s.paperFigure(interval);
            Stats cpu = Report.overTrials(result, t -> t.demand().get(interval).get("all").cores());
            Stats bw = Report.overTrials(result, t -> t.demand().get(interval).get("all").bandwidth());
            double nominal = s.bandwidthCounting().pathsPerLink();
            Stats empty = Report.overTrials(result, t -> emptyGridPathGbpsHours(t, interval, nominal) / pathsAvailable);
            Stats perGbps = Report.overTrials(result, t -> emptyGridPathGbpsHours(t, interval, nominal)
                    / t.demand().get(interval).get("all").gbpsHoursRequested());
            line(out, "%-9s %-28s %7s %17s %9s", interval + " min", "CPU", paper.map(p -> f("%.2f", p.cpu())).orElse("-"),
                    cpu.format("%.3f", k), paper.map(p -> f("%+.1f%%", 100 * (cpu.mean() / p.cpu() - 1))).orElse("-"));
            line(out, "%-9s %-28s %7s %17s %9s", "", "bandwidth, paper's counting", paper.map(p -> f("%.2f", p.bandwidth()))
                    .orElse("-"), bw.format("%.3f", k), paper.map(p -> f("%+.1f%%", 100 * (bw.mean() / p.bandwidth() - 1))).orElse("-"));
            line(out, "%-9s %-28s %7s %17s %9s", "", "bandwidth, empty-grid routes", "", empty.format("%.3f", k),
                    paper.map(p -> f("%+.1f%%", 100 * (empty.mean() / p.bandwidth() - 1))).orElse("-"));
            line(out, "%-9s %-28s %7s %17s", "", "  paths per requested Gbps", trim(s.bandwidthCounting().pathsPerLink()),
                    perGbps.format("%.3f", k));
            line(out, "%-9s %-28s %7s %17s", "", "fluid bound 1/rho (CPU)", "", Report.overTrials(result,
                    t -> Math.min(1, 1 / t.demand().get(interval).get("all").cores())).format("%.3f", k));
        }
        line(out, "");
        line(out, "Paths the reserved plans took: paths per requested Gbps (reserved requests), and the path capacity they"
                + " hold / all path capacity of the period (carried bandwidth load)");
        line(out, "%-38s %17s %17s %17s", "experiment", "paths per Gbps", "carried load", "slot searches cut");
        for (Report.Key key : Report.keys(s)) {
            Stats perGbps = Report.over(result, key, run -> {
                double path = 0;
                double asked = 0;
                for (Outcome o : run.outcomes()) {
                    if (o.reserved()) {
                        path += o.pathMbps();
                        asked += o.request().request().links().stream().mapToLong(l -> l.bandwidthMbps()).sum();
                    }
                }
                return asked == 0 ? Double.NaN : path / asked;
            });
            Stats carried = Report.over(result, key, run -> run.outcomes().stream().filter(Outcome::reserved)
                    .mapToDouble(o -> o.pathMbps() / 1000.0 * hours(o.request())).sum() / pathsAvailable);
            Stats cut = Report.over(result, key, run -> run.outcomes().stream().mapToInt(Outcome::slotsCut).sum());
            line(out, "%-38s %17s %17s %17s", key.label(), perGbps.format("%.3f", k), carried.format("%.3f", k),
                    cut.format("%.0f", k));
        }
        long probeCut = result.trials().stream().flatMap(t -> t.probes().values().stream()).flatMap(List::stream)
                .mapToLong(EmptyGridProbe.Probe::slotsCut).sum();
        long failedAfterCut = result.allRuns().stream().flatMap(r -> r.outcomes().stream())
                .filter(o -> !o.reserved() && o.slotsCut() > 0).count();
        line(out, "planning: every slot searched to its proof unless its search took more than %d steps; searches cut: %d in"
                        + " the empty-grid probes, %d in the runs; requests that failed with a cut slot (success could be"
                        + " higher by at most these): %d", s.planning().searchStepLimit(), probeCut,
                result.allRuns().stream().flatMap(r -> r.outcomes().stream()).mapToLong(Outcome::slotsCut).sum(), failedAfterCut);
        line(out, "routings solved as integer programs (SCIP; exact, where the route search grew past its node count): %d in"
                + " the runs", result.allRuns().stream().mapToLong(Simulation.Run::routingPrograms).sum());
        lowLevelFeasibility(out, result);
    }

    /** Share of the requests of each type that a low-service-level user could reserve on an empty grid. */
    private static void lowLevelFeasibility(StringBuilder out, Result result) {
        Scenario s = result.scenario();
        int k = result.trials().size();
        List<String> users = s.users().stream().filter(u -> u.serviceLevel() < 1).map(Scenario.User::name).toList();
        if (users.isEmpty()) {
            return;
        }
        line(out, "");
        line(out, "Feasible on an empty grid (every request of the workload planned alone in one slot): everyone, and each"
                + " user with a low service level (who sees their level's share of every site and path)");
        StringBuilder head = new StringBuilder(String.format(Locale.ROOT, "%-9s %-8s", "interval", "as"));
        s.requestTypes().forEach(t -> head.append(String.format(Locale.ROOT, " %17s", t.name())));
        head.append(String.format(Locale.ROOT, " %17s", "all types"));
        line(out, "%s", head);
        for (int interval : s.arrivals().intervalsMinutes()) {
            List<String> as = new java.util.ArrayList<>(List.of("anyone"));
            as.addAll(users);
            for (String user : as) {
                StringBuilder row = new StringBuilder(String.format(Locale.ROOT, "%-9s %-8s", interval + " min", user));
                for (Scenario.RequestType t : s.requestTypes()) {
                    row.append(String.format(Locale.ROOT, " %17s", pct(Report.overTrials(result,
                            trial -> feasibleShare(trial, interval, user, t)), k)));
                }
                row.append(String.format(Locale.ROOT, " %17s", pct(Report.overTrials(result,
                        trial -> feasibleShare(trial, interval, user, null)), k)));
                line(out, "%s", row);
            }
        }
    }

    private static double feasibleShare(Trial trial, int interval, String user, Scenario.RequestType type) {
        List<SimRequest> requests = trial.run(interval, trial.runs().get(0).booking(), trial.runs().get(0).setting()).outcomes()
                .stream().map(Outcome::request).toList();
        List<EmptyGridProbe.Probe> probes = trial.probes().get(interval);
        int n = 0;
        int ok = 0;
        for (int i = 0; i < requests.size(); i++) {
            if (type != null && !requests.get(i).type().equals(type)) {
                continue;
            }
            EmptyGridProbe.Probe p = probes.get(i);
            n++;
            ok += (user.equals("anyone") ? p.cheapestPathMbps() >= 0 : p.feasibleFor().get(user)) ? 1 : 0;
        }
        return n == 0 ? Double.NaN : (double) ok / n;
    }

    /** Path Gbps-hours of every request's cheapest plan on an empty grid (a request with none counts the paper's way). */
    private static double emptyGridPathGbpsHours(Trial trial, int interval, double nominal) {
        List<SimRequest> requests = trial.run(interval, trial.runs().get(0).booking(), trial.runs().get(0).setting()).outcomes()
                .stream().map(Outcome::request).toList();
        List<EmptyGridProbe.Probe> probes = trial.probes().get(interval);
        double sum = 0;
        for (int i = 0; i < requests.size(); i++) {
            long mbps = probes.get(i).cheapestPathMbps();
            sum += mbps >= 0 ? mbps / 1000.0 * hours(requests.get(i)) : requests.get(i).gbpsHours() * nominal;
        }
        return sum;
    }

    private static double hours(SimRequest r) {
        return r.request().time().duration().toSeconds() / 3600.0;
    }
}
