package org.doji.grc.simulation;

import java.util.Locale;
import org.doji.grc.simulation.Evaluation.Result;
import org.doji.grc.simulation.Simulation.Outcome;
import org.doji.grc.simulation.Simulation.Run;
import org.doji.grc.simulation.Simulation.Setting;

/** The CSV files of an evaluation (deterministic, like the table). */
final class CsvFiles {

    private CsvFiles() {
    }

    /**
     * success-over-time.csv: the cumulative success rate by acceptance time, as the paper plots it, every
     * curve step, per interval, setting and user; mean and standard deviation over the runs.
     */
    static String cumulative(Result result) {
        Scenario s = result.scenario();
        int step = s.output().curveStepMinutes();
        StringBuilder out = new StringBuilder("interval_min,booking,setting,user,accepted_up_to_min,runs,success_rate_mean,success_rate_sd\n");
        int points = (s.arrivals().hours() * 60 + step - 1) / step;
        for (Report.Key key : Report.keys(s)) {
            for (String user : s.userNames()) {
                for (int b = 0; b < points; b++) {
                    int at = b;
                    Stats v = Report.over(result, key, run -> SuccessSeries.of(run, user, s.arrivals().hours(), step).cumulative(at));
                    out.append(String.format(Locale.ROOT, "%d,%s,%s,%s,%d,%d,%s,%s\n", key.interval(), key.booking(), key.setting(),
                            user, Math.min((b + 1) * step, s.arrivals().hours() * 60), v.n(), num(v.mean()), num(v.sd())));
                }
            }
        }
        return out.toString();
    }

    /** summary.csv: per experiment, user and seed: requests, reserved, held, core-hours submitted and reserved. */
    static String summary(Result result) {
        StringBuilder out = new StringBuilder("seed,interval_min,booking,setting,user,requests,reserved,held,core_hours,"
                + "core_hours_reserved,path_gbps_hours_reserved,slot_searches_cut\n");
        for (Evaluation.Trial trial : result.trials()) {
            for (Run run : trial.runs()) {
                for (String user : result.scenario().userNames()) {
                    var mine = run.outcomes().stream().filter(o -> o.request().user().equals(user)).toList();
                    double hours = mine.stream().mapToDouble(o -> o.request().coreHours()).sum();
                    double reservedHours = mine.stream().filter(Outcome::reserved).mapToDouble(o -> o.request().coreHours()).sum();
                    double pathHours = mine.stream().filter(Outcome::reserved).mapToDouble(o -> o.pathMbps() / 1000.0
                            * o.request().request().time().duration().toSeconds() / 3600.0).sum();
                    out.append(String.format(Locale.ROOT, "%d,%d,%s,%s,%s,%d,%d,%d,%.2f,%.2f,%.2f,%d\n", trial.seed(),
                            run.intervalMinutes(), run.booking(), run.setting(), user, mine.size(),
                            mine.stream().filter(Outcome::reserved).count(), mine.stream().filter(Outcome::held).count(), hours,
                            reservedHours, pathHours, mine.stream().mapToInt(Outcome::slotsCut).sum()));
                }
            }
        }
        return out.toString();
    }

    /** success-by-bucket.csv: per interval, setting, user, run and bucket: requests, reserved, rate. */
    static String buckets(Result result) {
        Scenario s = result.scenario();
        int bucket = s.output().bucketMinutes();
        StringBuilder out = new StringBuilder("seed,interval_min,booking,setting,user,bucket_start_min,bucket_end_min,requests,reserved,success_rate\n");
        for (Evaluation.Trial trial : result.trials()) {
            for (Run run : trial.runs()) {
                for (String user : s.userNames()) {
                    SuccessSeries series = SuccessSeries.of(run, user, s.arrivals().hours(), bucket);
                    for (int b = 0; b < series.buckets(); b++) {
                        out.append(String.format(Locale.ROOT, "%d,%d,%s,%s,%s,%d,%d,%d,%d,%s\n", trial.seed(),
                                run.intervalMinutes(), run.booking(), run.setting(), user, b * bucket, (b + 1) * bucket, series.requests()[b], series.reserved()[b],
                                num(series.rate(b))));
                    }
                }
            }
        }
        return out.toString();
    }

    /** requests.csv: every request of every run and what became of it. */
    static String requests(Result result) {
        StringBuilder out = new StringBuilder("seed,interval_min,booking,setting,id,user,arrival_min,type,cores,bandwidth_mbps,"
                + "duration_min,est_min,lst_min,reserved,lost,slot,wait_min,plan_cost,path_mbps,slots_cut,reason\n");
        for (Evaluation.Trial trial : result.trials()) {
            for (Run run : trial.runs()) {
                for (Outcome o : run.outcomes()) {
                    var r = o.request();
                    var time = r.request().time();
                    out.append(String.format(Locale.ROOT, "%d,%d,%s,%s,%d,%s,%d,%s,%s,%s,%d,%d,%d,%s,%s,%d,%d,%.3f,%d,%d,%s\n",
                            trial.seed(), run.intervalMinutes(), run.booking(), run.setting(), r.id(), r.user(), minutes(r.arrival()), r.type().name().replace(',', ';'),
                            join(r.request().sites().stream().map(x -> x.cores())),
                            join(r.request().links().stream().map(l -> l.bandwidthMbps())), time.duration().toMinutes(),
                            minutes(time.earliestStart()), minutes(time.latestStart()), o.reserved(), o.lost(), o.slot(),
                            o.waitMinutes(), o.cost(), o.pathMbps(), o.slotsCut(), o.reason() == null ? "" : o.reason().replace(',', ';').replace('\n', ' ')));
                }
            }
        }
        return out.toString();
    }

    private static String join(java.util.stream.Stream<?> values) {
        return values.map(String::valueOf).reduce((a, b) -> a + "+" + b).orElse("");
    }

    private static String num(double v) {
        return Double.isNaN(v) ? "" : String.format(Locale.ROOT, "%.4f", v);
    }

    private static long minutes(java.time.Instant t) {
        return java.time.Duration.between(Workload.T0, t).toMinutes();
    }
}
