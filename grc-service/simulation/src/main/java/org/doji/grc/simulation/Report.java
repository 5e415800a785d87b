package org.doji.grc.simulation;

import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;
import org.doji.grc.simulation.Evaluation.Result;
import org.doji.grc.simulation.Evaluation.Trial;
import org.doji.grc.simulation.Simulation.Outcome;
import org.doji.grc.simulation.Simulation.Run;
import org.doji.grc.simulation.Simulation.Setting;

/**
 * The deterministic text table of an evaluation: the header (scenario and its reading), the demand ratios
 * beside the paper's, success rates per interval, setting and user, by request type, and over acceptance time
 * (cumulative, as the paper plots it, and by bucket). With K runs every figure is mean ± standard deviation.
 * Nothing here depends on wall-clock time, so the same scenario and seed give the same bytes.
 */
public final class Report {

    private Report() {
    }

    public static String table(Result result) {
        Scenario s = result.scenario();
        int k = result.trials().size();
        StringBuilder out = new StringBuilder();
        ReportHeader.write(out, result);
        line(out, "");
        demand(out, result);
        line(out, "");
        line(out, "Success rate (reserved / submitted) per interval, setting and user; wait = mean start − EST of the reserved");
        line(out, "%-9s %-15s %-5s %9s %9s %17s %15s", "interval", "setting", "user", "requests", "reserved", "success",
                "wait min");
        for (int interval : s.arrivals().intervalsMinutes()) {
            for (Setting setting : Setting.values()) {
                for (String user : s.userNames()) {
                    Stats n = over(result, interval, setting, run -> mine(run, user).size());
                    Stats ok = over(result, interval, setting, run -> mine(run, user).stream().filter(Outcome::reserved).count());
                    Stats rate = over(result, interval, setting, run -> rate(mine(run, user)));
                    Stats wait = over(result, interval, setting, run -> mine(run, user).stream().filter(Outcome::reserved)
                            .mapToLong(Outcome::waitMinutes).average().orElse(Double.NaN));
                    line(out, "%-9s %-15s %-5s %9s %9s %17s %15s", interval + " min", settingName(setting), user,
                            n.format("%.0f", k), ok.format("%.0f", k), rate.format("%.1f%%", k, v -> 100 * v),
                            wait.format("%.1f", k));
                }
            }
        }
        line(out, "");
        line(out, "Success rate by request type (all users)");
        StringBuilder head = new StringBuilder(String.format(Locale.ROOT, "%-9s %-15s", "interval", "setting"));
        s.requestTypes().forEach(t -> head.append(String.format(Locale.ROOT, " %19s", t.name())));
        line(out, "%s", head);
        for (int interval : s.arrivals().intervalsMinutes()) {
            for (Setting setting : Setting.values()) {
                StringBuilder row = new StringBuilder(String.format(Locale.ROOT, "%-9s %-15s", interval + " min",
                        settingName(setting)));
                for (Scenario.RequestType t : s.requestTypes()) {
                    Stats rate = over(result, interval, setting,
                            run -> rate(run.outcomes().stream().filter(o -> o.request().type().equals(t)).toList()));
                    row.append(String.format(Locale.ROOT, " %19s", rate.format("%.1f%%", k, v -> 100 * v)));
                }
                line(out, "%s", row);
            }
        }
        line(out, "");
        overTime(out, result, true);
        line(out, "");
        overTime(out, result, false);
        return out.toString();
    }

    private static void demand(StringBuilder out, Result result) {
        Scenario s = result.scenario();
        int k = result.trials().size();
        line(out, "Demand ratio = requested / available over the period slots lie in; bandwidth counted the paper's way"
                + " (x %s path per link, see above)", trim(s.bandwidthCounting().pathsPerLink()));
        line(out, "%-9s %-10s %7s %17s %9s", "interval", "resource", "paper", "measured", "vs paper");
        for (int interval : s.arrivals().intervalsMinutes()) {
            var paper = s.paperFigure(interval);
            Stats cpu = overTrials(result, t -> t.demand().get(interval).get("all").cores());
            Stats bw = overTrials(result, t -> t.demand().get(interval).get("all").bandwidth());
            line(out, "%-9s %-10s %7s %17s %9s", interval + " min", "CPU", paper.map(p -> f("%.2f", p.cpu())).orElse("-"),
                    cpu.format("%.3f", k), paper.map(p -> f("%+.1f%%", 100 * (cpu.mean() / p.cpu() - 1))).orElse("-"));
            line(out, "%-9s %-10s %7s %17s %9s", "", "bandwidth", paper.map(p -> f("%.2f", p.bandwidth())).orElse("-"),
                    bw.format("%.3f", k), paper.map(p -> f("%+.1f%%", 100 * (bw.mean() / p.bandwidth() - 1))).orElse("-"));
        }
        line(out, "");
        Trial first = result.trials().get(0);
        line(out, "Demand of the first run (seed %d) per user", first.seed());
        line(out, "%-9s %-5s %8s %11s %11s %6s %10s %11s %11s %6s %7s", "interval", "user", "requests", "core-h req",
                "core-h avail", "ratio", "Gbps-h req", "path Gbps-h", "path avail", "ratio", "as asked");
        first.demand().forEach((interval, byUser) -> byUser.forEach((user, d) ->
                line(out, "%-9s %-5s %8d %11.1f %11.1f %6.3f %10.1f %11.1f %11.1f %6.3f %7.3f", interval + " min", user,
                        d.requests(), d.coreHoursRequested(), d.coreHoursAvailable(), d.cores(), d.gbpsHoursRequested(),
                        d.pathGbpsHoursRequested(), d.gbpsHoursAvailable(), d.bandwidth(), d.bandwidthAsAsked())));
    }

    /** Success rate over acceptance time: cumulative (as the paper plots it) or per bucket. */
    private static void overTime(StringBuilder out, Result result, boolean cumulative) {
        Scenario s = result.scenario();
        int k = result.trials().size();
        int bucket = s.output().bucketMinutes();
        line(out, "%s", cumulative
                ? "Cumulative success rate by acceptance time (reserved / accepted up to then, as the paper plots it; CSV and SVG: every "
                        + s.output().curveStepMinutes() + " min)"
                : "Success rate by acceptance time, " + bucket + "-minute buckets (% of the requests accepted in the bucket)");
        StringBuilder head = new StringBuilder(String.format(Locale.ROOT, "%-13s", cumulative ? "up to" : "accepted"));
        for (int interval : s.arrivals().intervalsMinutes()) {
            for (Setting setting : Setting.values()) {
                for (String user : s.userNames()) {
                    head.append(String.format(Locale.ROOT, " %15s", interval + "min " + shortSetting(setting) + " " + user));
                }
            }
        }
        line(out, "%s", head);
        int buckets = (s.arrivals().hours() * 60 + bucket - 1) / bucket;
        for (int b = 0; b < buckets; b++) {
            int at = b;
            StringBuilder row = new StringBuilder(String.format(Locale.ROOT, "%-13s",
                    cumulative ? hm(Math.min((b + 1) * bucket, s.arrivals().hours() * 60)) : bucketLabel(b, bucket)));
            for (int interval : s.arrivals().intervalsMinutes()) {
                for (Setting setting : Setting.values()) {
                    for (String user : s.userNames()) {
                        Stats v = over(result, interval, setting, run -> {
                            SuccessSeries series = SuccessSeries.of(run, user, s.arrivals().hours(), bucket);
                            return cumulative ? series.cumulative(at) : series.rate(at);
                        });
                        row.append(String.format(Locale.ROOT, " %15s", v.format("%.1f%%", k, x -> 100 * x)));
                    }
                }
            }
            line(out, "%s", row);
        }
    }

    static Stats over(Result result, int interval, Setting setting, ToDoubleFunction<Run> figure) {
        return Stats.of(result.trials().stream().mapToDouble(t -> figure.applyAsDouble(t.run(interval, setting))).toArray());
    }

    static Stats overTrials(Result result, ToDoubleFunction<Trial> figure) {
        return Stats.of(result.trials().stream().mapToDouble(figure).toArray());
    }

    static List<Outcome> mine(Run run, String user) {
        return run.outcomes().stream().filter(o -> o.request().user().equals(user)).toList();
    }

    private static double rate(List<Outcome> outcomes) {
        return outcomes.isEmpty() ? Double.NaN : (double) outcomes.stream().filter(Outcome::reserved).count() / outcomes.size();
    }

    static String settingName(Setting s) {
        return s == Setting.STANDARD ? "standard" : "service levels";
    }

    static String shortSetting(Setting s) {
        return s == Setting.STANDARD ? "std" : "SL";
    }

    static String bucketLabel(int b, int bucketMinutes) {
        return hm(b * bucketMinutes) + "-" + hm((b + 1) * bucketMinutes);
    }

    static String hm(int minutes) {
        return minutes % 60 == 0 ? (minutes / 60) + "h" : String.format(Locale.ROOT, "%d:%02d", minutes / 60, minutes % 60);
    }

    static String trim(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
    }

    static String f(String format, Object... args) {
        return String.format(Locale.ROOT, format, args);
    }

    static void line(StringBuilder out, String format, Object... args) {
        out.append(String.format(Locale.ROOT, format, args)).append('\n');
    }
}
