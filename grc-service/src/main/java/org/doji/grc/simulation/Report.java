package org.doji.grc.simulation;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.doji.grc.simulation.Simulation.Outcome;
import org.doji.grc.simulation.Simulation.Run;
import org.doji.grc.simulation.Simulation.Setting;
import org.doji.grc.simulation.Workload.RequestType;

/**
 * The deterministic text outputs of an evaluation: the table (header with the parameters and the reading
 * of §9, demand ratios, success rates per interval, setting and user, by request type, and over time) and
 * the CSV files. Nothing here depends on wall-clock time, so the same seed gives the same bytes.
 */
public final class Report {

    private Report() {
    }

    public static String table(Evaluation.Result result) {
        SimulationParameters p = result.params();
        StringBuilder out = new StringBuilder();
        header(out, result);
        line(out, "");
        line(out, "Demand ratio = requested / available, over the %d h in which slots can lie", p.bookablePeriod().toHours());
        line(out, "%-9s %-5s %8s %12s %12s %7s %12s %12s %7s", "interval", "user", "requests", "core-h req",
                "core-h avail", "ratio", "Gbps-h req", "Gbps-h avail", "ratio");
        result.demand().forEach((interval, byUser) -> byUser.forEach((user, d) ->
                line(out, "%-9s %-5s %8d %12.1f %12.1f %7.3f %12.1f %12.1f %7.3f", interval + " min", user, d.requests(),
                        d.coreHoursRequested(), d.coreHoursAvailable(), d.cores(), d.gbpsHoursRequested(),
                        d.gbpsHoursAvailable(), d.bandwidth())));
        line(out, "");
        line(out, "Success rate (reserved / submitted) per interval, setting and user; wait = mean start − EST of the reserved");
        line(out, "%-9s %-16s %-5s %8s %8s %8s %9s", "interval", "setting", "user", "requests", "reserved", "success",
                "wait min");
        for (Run run : result.runs()) {
            for (String user : Workload.USERS) {
                List<Outcome> mine = run.outcomes().stream().filter(o -> o.request().user().equals(user)).toList();
                List<Outcome> ok = mine.stream().filter(Outcome::reserved).toList();
                line(out, "%-9s %-16s %-5s %8d %8d %7.1f%% %9.1f", run.intervalMinutes() + " min", settingName(run.setting(), p),
                        user, mine.size(), ok.size(), percent(ok.size(), mine.size()),
                        ok.stream().mapToLong(Outcome::waitMinutes).average().orElse(0));
            }
        }
        line(out, "");
        line(out, "Success rate by request type (both users)");
        StringBuilder head = new StringBuilder(String.format(Locale.ROOT, "%-9s %-16s", "interval", "setting"));
        for (RequestType t : RequestType.values()) {
            head.append(String.format(Locale.ROOT, " %17s", t.label));
        }
        line(out, "%s", head);
        for (Run run : result.runs()) {
            StringBuilder row = new StringBuilder(String.format(Locale.ROOT, "%-9s %-16s", run.intervalMinutes() + " min",
                    settingName(run.setting(), p)));
            for (RequestType t : RequestType.values()) {
                List<Outcome> of = run.outcomes().stream().filter(o -> o.request().type() == t).toList();
                long ok = of.stream().filter(Outcome::reserved).count();
                row.append(String.format(Locale.ROOT, " %8s (%6.1f%%)", ok + "/" + of.size(), percent(ok, of.size())));
            }
            line(out, "%s", row);
        }
        line(out, "");
        overTime(out, result);
        return out.toString();
    }

    private static void header(StringBuilder out, Evaluation.Result result) {
        SimulationParameters p = result.params();
        line(out, "doji simulate: the reference evaluation of DESIGN §9, in virtual time");
        line(out, "real planner (IntegerProgramPlanner, engine \"%s\") and real RM kernels (ReservationKernel over simulated"
                + " backends) in one process; seed %d", p.engine(), p.seed());
        line(out, "grid: 1 GRC, 3 NRMs (JN, JS, US), 10 CRMs: JN 8/16/32/64, JS 8/16/32, US 8/16/32 cores (%d in all),"
                + " core price 1", result.totalCores());
        line(out, "      exchange points X1 (JN, JS, US), X2 (JN, JS); site-site paths 10 Gbps at 5/Gbps-h, site-exchange"
                + " paths 20 Gbps at 3/Gbps-h (%d Gbps of paths)", result.totalPathMbps() / 1000);
        line(out, "workload: users A and B, each an independent Poisson stream with the mean interval below, arriving in"
                + " [0, %d h)", p.arrivalHours());
        line(out, "      types uniform: 1 site | 2 sites + 1 link | 3 sites + 2 links (chain) | 3 sites + 3 links (triangle)");
        line(out, "      cores per site uniform %s; duration uniform %s min; %d Mbps per link; LST - EST = %s x interval",
                p.coresPerSite(), p.durationsMinutes(), p.bandwidthMbps(), trim(p.slackFactor()));
        if (p.booking() == SimulationParameters.Booking.NEXT_DAY) {
            line(out, "      reading of \"ask for slots in the following %d h\": every candidate slot [t, t+D) lies in"
                    + " [%d h, %d h):", p.bookingHours(), p.arrivalHours(), p.arrivalHours() + p.bookingHours());
            line(out, "      EST uniform (whole minutes) in [%d h, %d h - D - (LST - EST)], so all requests compete for the same"
                    + " period", p.arrivalHours(), p.arrivalHours() + p.bookingHours());
        } else {
            line(out, "      reading of \"ask for slots in the following %d h\": a request arriving at a has EST uniform"
                    + " (whole minutes) in [a, a + %d h - D - (LST - EST)]", p.bookingHours(), p.bookingHours());
        }
        line(out, "planning: N = %d slots evenly over [EST, LST], slots earliest first, cheapest within a slot (EARLIEST);"
                + " up to %d ranked plans tried with 2PC", p.slots(), p.maxPlans());
        line(out, "settings: %s = no service levels; %s = user B sees %s of each RM's free capacity (RM service level)",
                settingName(Setting.STANDARD, p), settingName(Setting.LOW_SL_B, p), trim(p.lowServiceLevel()));
    }

    private static void overTime(StringBuilder out, Evaluation.Result result) {
        SimulationParameters p = result.params();
        line(out, "Success rate over time (by arrival time, %d-minute buckets; %% of the requests arriving in the bucket)",
                p.bucketMinutes());
        StringBuilder head = new StringBuilder(String.format(Locale.ROOT, "%-13s", "arrival"));
        List<SuccessSeries> series = new ArrayList<>();
        for (Run run : result.runs()) {
            for (String user : Workload.USERS) {
                head.append(String.format(Locale.ROOT, " %14s", run.intervalMinutes() + "min " + shortSetting(run.setting())
                        + " " + user));
                series.add(SuccessSeries.of(run, user, p));
            }
        }
        line(out, "%s", head);
        for (int b = 0; b < series.get(0).buckets(); b++) {
            StringBuilder row = new StringBuilder(String.format(Locale.ROOT, "%-13s", bucketLabel(b, p.bucketMinutes())));
            for (SuccessSeries s : series) {
                row.append(String.format(Locale.ROOT, " %14s", Double.isNaN(s.rate(b)) ? "-"
                        : String.format(Locale.ROOT, "%.1f%%", 100 * s.rate(b))));
            }
            line(out, "%s", row);
        }
    }

    /** success-over-time.csv: one row per interval, setting, user and bucket. */
    public static String seriesCsv(Evaluation.Result result) {
        StringBuilder out = new StringBuilder("interval_min,setting,user,bucket_start_min,bucket_end_min,requests,reserved,success_rate\n");
        SimulationParameters p = result.params();
        for (Run run : result.runs()) {
            for (String user : Workload.USERS) {
                SuccessSeries s = SuccessSeries.of(run, user, p);
                for (int b = 0; b < s.buckets(); b++) {
                    out.append(String.format(Locale.ROOT, "%d,%s,%s,%d,%d,%d,%d,%s\n", run.intervalMinutes(), run.setting(), user,
                            b * p.bucketMinutes(), (b + 1) * p.bucketMinutes(), s.requests()[b], s.reserved()[b],
                            Double.isNaN(s.rate(b)) ? "" : String.format(Locale.ROOT, "%.4f", s.rate(b))));
                }
            }
        }
        return out.toString();
    }

    /** requests.csv: every request of every run and what became of it. */
    public static String requestsCsv(Evaluation.Result result) {
        StringBuilder out = new StringBuilder("interval_min,setting,id,user,arrival_min,type,cores,duration_min,est_min,"
                + "lst_min,reserved,slot,wait_min,plan_cost,reason\n");
        for (Run run : result.runs()) {
            for (Outcome o : run.outcomes()) {
                var r = o.request();
                var time = r.request().time();
                out.append(String.format(Locale.ROOT, "%d,%s,%d,%s,%d,%s,%s,%d,%d,%d,%s,%d,%d,%.3f,%s\n", run.intervalMinutes(),
                        run.setting(), r.id(), r.user(), minutes(r.arrival()), r.type(),
                        r.request().sites().stream().map(s -> Integer.toString(s.cores())).reduce((a, b) -> a + "+" + b).orElse(""),
                        time.duration().toMinutes(), minutes(time.earliestStart()), minutes(time.latestStart()), o.reserved(),
                        o.slot(), o.waitMinutes(), o.cost(), o.reason() == null ? "" : o.reason().replace(',', ';')));
            }
        }
        return out.toString();
    }

    static String settingName(Setting s, SimulationParameters p) {
        return s == Setting.STANDARD ? "standard" : "B low SL (" + trim(p.lowServiceLevel()) + ")";
    }

    static String shortSetting(Setting s) {
        return s == Setting.STANDARD ? "std" : "lowSL";
    }

    static double percent(long part, long whole) {
        return whole == 0 ? 0 : 100.0 * part / whole;
    }

    static String bucketLabel(int b, int bucketMinutes) {
        return hm(b * bucketMinutes) + "-" + hm((b + 1) * bucketMinutes);
    }

    private static String hm(int minutes) {
        return minutes % 60 == 0 ? Integer.toString(minutes / 60) + "h" : String.format(Locale.ROOT, "%d:%02d", minutes / 60, minutes % 60);
    }

    private static long minutes(java.time.Instant t) {
        return java.time.Duration.between(Workload.T0, t).toMinutes();
    }

    static String trim(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
    }

    private static void line(StringBuilder out, String format, Object... args) {
        out.append(String.format(Locale.ROOT, format, args)).append('\n');
    }

    /** The demand ratios of one interval, for the plot's panel titles. */
    static Map<String, DemandRatio> demand(Evaluation.Result result, int interval) {
        return result.demand().get(interval);
    }
}
