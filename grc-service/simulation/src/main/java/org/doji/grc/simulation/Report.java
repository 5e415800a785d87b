package org.doji.grc.simulation;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Predicate;
import java.util.function.ToDoubleFunction;
import org.doji.grc.simulation.Evaluation.Result;
import org.doji.grc.simulation.Evaluation.Trial;
import org.doji.grc.simulation.Simulation.Outcome;
import org.doji.grc.simulation.Simulation.Run;
import org.doji.grc.simulation.Simulation.Setting;

/**
 * The deterministic text table of an evaluation: the header (scenario and its reading), the demand
 * ({@link DemandReport}), then per interval, booking reading, setting and user the success rate by count and by
 * volume (core-hours), by request type, and the cumulative success rate over acceptance time as the paper plots it.
 * With K runs every figure is mean ± standard deviation. Nothing here depends on wall-clock time, so the same
 * scenario and seed give the same bytes.
 */
public final class Report {

    /** One experiment of a trial: an interval, a booking reading and a setting. */
    record Key(int interval, Scenario.Booking.Mode booking, Setting setting) {
        String label() {
            return interval + " min  " + bookingLabel(booking) + "  " + setting.label;
        }
    }

    private Report() {
    }

    public static String table(Result result) {
        Scenario s = result.scenario();
        int k = result.trials().size();
        StringBuilder out = new StringBuilder();
        ReportHeader.write(out, result);
        line(out, "");
        DemandReport.write(out, result);
        line(out, "");
        line(out, "Success per interval, booking reading, setting and user. count = reserved / submitted; volume = core-hours"
                + " reserved / core-hours submitted; held = reserved and not lost to a link failure; wait = mean start - EST");
        line(out, "%-38s %-4s %9s %17s %17s %17s %9s", "experiment", "user", "requests", "success (count)", "success (volume)",
                "held (count)", "wait min");
        for (Key key : keys(s)) {
            List<String> groups = new ArrayList<>(s.userNames());
            groups.add("all");
            for (String user : groups) {
                Predicate<Outcome> mine = o -> user.equals("all") || o.request().user().equals(user);
                Stats n = over(result, key, run -> run.outcomes().stream().filter(mine).count());
                Stats count = over(result, key, run -> rate(run, mine, Outcome::reserved, o -> 1));
                Stats volume = over(result, key, run -> rate(run, mine, Outcome::reserved, o -> o.request().coreHours()));
                Stats held = over(result, key, run -> rate(run, mine, Outcome::held, o -> 1));
                Stats wait = over(result, key, run -> run.outcomes().stream().filter(mine).filter(Outcome::reserved)
                        .mapToLong(Outcome::waitMinutes).average().orElse(Double.NaN));
                line(out, "%-38s %-4s %9s %17s %17s %17s %9s", key.label(), user, n.format("%.0f", k), pct(count, k),
                        pct(volume, k), pct(held, k), wait.format("%.1f", k));
            }
        }
        line(out, "");
        line(out, "Success (count) by request type, all users");
        StringBuilder head = new StringBuilder(String.format(Locale.ROOT, "%-38s", "experiment"));
        s.requestTypes().forEach(t -> head.append(String.format(Locale.ROOT, " %17s", t.name())));
        line(out, "%s", head);
        for (Key key : keys(s)) {
            StringBuilder row = new StringBuilder(String.format(Locale.ROOT, "%-38s", key.label()));
            for (Scenario.RequestType t : s.requestTypes()) {
                row.append(String.format(Locale.ROOT, " %17s", pct(over(result, key,
                        run -> rate(run, o -> o.request().type().equals(t), Outcome::reserved, o -> 1)), k)));
            }
            line(out, "%s", row);
        }
        line(out, "");
        cumulative(out, result);
        return out.toString();
    }

    /** The cumulative success rate by acceptance time (reserved / accepted up to then), every bucket. */
    private static void cumulative(StringBuilder out, Result result) {
        Scenario s = result.scenario();
        int k = result.trials().size();
        int bucket = s.output().bucketMinutes();
        int buckets = (s.arrivals().hours() * 60 + bucket - 1) / bucket;
        line(out, "Cumulative success rate by acceptance time (reserved / accepted up to then, as the paper plots it; CSV and"
                + " SVG: every %d min)", s.output().curveStepMinutes());
        StringBuilder head = new StringBuilder(String.format(Locale.ROOT, "%-38s %-4s", "experiment", "user"));
        for (int b = 0; b < buckets; b++) {
            head.append(String.format(Locale.ROOT, " %13s", "to " + hm(Math.min((b + 1) * bucket, s.arrivals().hours() * 60))));
        }
        line(out, "%s", head);
        for (Key key : keys(s)) {
            for (String user : s.userNames()) {
                StringBuilder row = new StringBuilder(String.format(Locale.ROOT, "%-38s %-4s", key.label(), user));
                for (int b = 0; b < buckets; b++) {
                    int at = b;
                    Stats v = over(result, key, run -> SuccessSeries.of(run, user, s.arrivals().hours(), bucket).cumulative(at));
                    row.append(String.format(Locale.ROOT, " %13s", pct(v, k)));
                }
                line(out, "%s", row);
            }
        }
    }

    static List<Key> keys(Scenario s) {
        List<Key> out = new ArrayList<>();
        for (int interval : s.arrivals().intervalsMinutes()) {
            for (Scenario.Booking.Mode booking : s.booking().modes()) {
                for (Setting setting : s.settings()) {
                    out.add(new Key(interval, booking, setting));
                }
            }
        }
        return out;
    }

    /** Σ weight of the outcomes that pass {@code ok} / Σ weight of all, among {@code which}; NaN when none. */
    static double rate(Run run, Predicate<Outcome> which, Predicate<Outcome> ok, ToDoubleFunction<Outcome> weight) {
        double all = 0;
        double good = 0;
        for (Outcome o : run.outcomes()) {
            if (which.test(o)) {
                double w = weight.applyAsDouble(o);
                all += w;
                good += ok.test(o) ? w : 0;
            }
        }
        return all == 0 ? Double.NaN : good / all;
    }

    static Stats over(Result result, Key key, ToDoubleFunction<Run> figure) {
        return Stats.of(result.trials().stream()
                .mapToDouble(t -> figure.applyAsDouble(t.run(key.interval(), key.booking(), key.setting()))).toArray());
    }

    static Stats overTrials(Result result, ToDoubleFunction<Trial> figure) {
        return Stats.of(result.trials().stream().mapToDouble(figure).toArray());
    }

    static String pct(Stats v, int runs) {
        return v.format("%.1f%%", runs, x -> 100 * x);
    }

    static String bookingLabel(Scenario.Booking.Mode m) {
        return m == Scenario.Booking.Mode.NEXT_DAY ? "next day" : "rolling ";
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
