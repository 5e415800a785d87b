package org.doji.grc.simulation;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;
import org.doji.grc.model.CoRequest;

/**
 * A scenario's workload at one mean interval. Arrivals: one Poisson stream per user (or one for all users,
 * each request's user drawn), over the arrival hours; with {@code exact-count} the stream is conditioned on
 * its expected count (hours / interval arrivals, at independent uniform times: a Poisson process given its
 * count), otherwise exponential gaps. Each request's type, duration, cores per site and bandwidth per link
 * are drawn from the scenario's sets; EST is uniform (whole minutes) over the booking period, LST − EST is
 * the slack factor times the mean interval. Every stream has its own generator seeded from (seed, interval,
 * stream), so changing one user's stream leaves the other's alone.
 */
public final class Workload {

    /** Virtual time zero of every run (a Monday; any fixed instant would do). */
    public static final Instant T0 = Instant.parse("2030-01-07T00:00:00Z");

    /** One generated request: who, when it arrives, its type and the co-allocation request itself. */
    public record SimRequest(int id, String user, Instant arrival, Scenario.RequestType type, CoRequest request) {

        /** Σ cores × duration, in core-hours. */
        public double coreHours() {
            return request.sites().stream().mapToInt(CoRequest.Site::cores).sum() * hours();
        }

        /** Σ link bandwidth × duration, in Gbps-hours, each link once (as asked, not the paths it takes). */
        public double gbpsHours() {
            return request.links().stream().mapToLong(CoRequest.Link::bandwidthMbps).sum() / 1000.0 * hours();
        }

        private double hours() {
            return request.time().duration().toSeconds() / 3600.0;
        }
    }

    private Workload() {
    }

    /** Every user's requests for one mean interval in the first booking reading of the scenario. */
    public static List<SimRequest> generate(Scenario s, int intervalMinutes) {
        return generate(s, intervalMinutes, s.booking().modes().get(0));
    }

    /**
     * Every user's requests for one mean interval and booking reading, in arrival order (ties: users in scenario
     * order), numbered. The readings draw the same numbers in the same order, so they differ only in where EST lies.
     */
    public static List<SimRequest> generate(Scenario s, int intervalMinutes, Scenario.Booking.Mode mode) {
        List<String> users = s.userNames();
        List<SimRequest> all = new ArrayList<>();
        if (s.arrivals().process() == Scenario.Arrivals.Process.PER_USER) {
            for (int u = 0; u < users.size(); u++) {
                SplittableRandom random = random(s, intervalMinutes, u);
                String user = users.get(u);
                Generator g = new Generator(s, intervalMinutes, mode, random);
                for (long at : arrivals(s, intervalMinutes, random)) {
                    all.add(g.request(user, T0.plusSeconds(at)));
                }
            }
        } else {
            SplittableRandom random = random(s, intervalMinutes, 0);
            Draw<String> who = Draw.uniform(users, s.draws().balanced(), random);
            Generator g = new Generator(s, intervalMinutes, mode, random);
            for (long at : arrivals(s, intervalMinutes, random)) {
                all.add(g.request(who.next(), T0.plusSeconds(at)));
            }
        }
        all.sort(Comparator.comparing(SimRequest::arrival).thenComparing(r -> users.indexOf(r.user())));
        List<SimRequest> numbered = new ArrayList<>(all.size());
        for (int i = 0; i < all.size(); i++) {
            SimRequest r = all.get(i);
            numbered.add(new SimRequest(i + 1, r.user(), r.arrival(), r.type(), r.request()));
        }
        return numbered;
    }

    private static SplittableRandom random(Scenario s, int intervalMinutes, int stream) {
        return new SplittableRandom(s.seed() * 1_000_003L + intervalMinutes * 7_919L + stream);
    }

    /** Arrival times in seconds after T0, ascending. */
    static long[] arrivals(Scenario s, int intervalMinutes, SplittableRandom random) {
        long end = s.arrivals().hours() * 3600L;
        double mean = intervalMinutes * 60.0;
        if (s.arrivals().exactCount()) {
            long[] at = new long[(int) Math.round(end / mean)];
            for (int i = 0; i < at.length; i++) {
                at[i] = (long) Math.floor(random.nextDouble() * end);
            }
            Arrays.sort(at);
            return at;
        }
        List<Long> out = new ArrayList<>();
        double t = -mean * Math.log(1 - random.nextDouble());
        while (t < end) {
            out.add((long) Math.floor(t));
            t += -mean * Math.log(1 - random.nextDouble());
        }
        return out.stream().mapToLong(Long::longValue).toArray();
    }

    private record Shape(Scenario.RequestType type, int minutes) {
    }

    /** The per-stream draws (so each stream's decks are its own). */
    private static final class Generator {
        private final Scenario s;
        private final Duration slack;
        /** Type and duration are dealt together, so each type gets each duration equally often. */
        private final Draw<Shape> shapes;
        private final Draw<Integer> cores;
        private final Draw<Integer> bandwidth;
        private final SplittableRandom random;
        private final Scenario.Booking.Mode mode;

        Generator(Scenario s, int intervalMinutes, Scenario.Booking.Mode mode, SplittableRandom random) {
            this.s = s;
            this.mode = mode;
            this.slack = s.booking().slack(intervalMinutes);
            this.random = random;
            boolean balanced = s.draws().balanced();
            List<Shape> all = new ArrayList<>();
            List<Integer> weights = new ArrayList<>();
            for (Scenario.RequestType t : s.requestTypes()) {
                for (int minutes : s.draws().durationsMinutes()) {
                    all.add(new Shape(t, minutes));
                    weights.add(t.weight());
                }
            }
            this.shapes = new Draw<>(all, weights, balanced, random);
            this.cores = Draw.uniform(s.draws().coresPerSite(), balanced, random);
            this.bandwidth = Draw.uniform(s.draws().bandwidthMbps(), balanced, random);
        }

        SimRequest request(String user, Instant arrival) {
            Shape shape = shapes.next();
            Scenario.RequestType type = shape.type();
            Duration duration = Duration.ofMinutes(shape.minutes());
            Instant periodStart = mode == Scenario.Booking.Mode.NEXT_DAY
                    ? T0.plus(Duration.ofHours(s.arrivals().hours())) : arrival;
            Instant lastEst = periodStart.plus(Duration.ofHours(s.booking().hours())).minus(duration).minus(slack);
            // whole minutes, never before the period (a rolling period starts at the arrival second)
            Instant lo = ceilMinute(periodStart);
            Instant hi = Instant.ofEpochSecond(lastEst.getEpochSecond() - Math.floorMod(lastEst.getEpochSecond(), 60));
            Instant est = hi.isBefore(lo) ? periodStart
                    : lo.plus(Duration.ofMinutes(random.nextLong(Duration.between(lo, hi).toMinutes() + 1)));
            List<CoRequest.Site> sites = new ArrayList<>();
            for (int i = 0; i < type.sites(); i++) {
                sites.add(new CoRequest.Site("s" + (i + 1), cores.next(), null, null));
            }
            List<CoRequest.Link> links = new ArrayList<>();
            for (int[] l : type.linkPairs()) {
                links.add(new CoRequest.Link("s" + (l[0] + 1), "s" + (l[1] + 1), bandwidth.next(), null));
            }
            CoRequest.Time time = new CoRequest.Time(est, est.plus(slack), duration, slack.isZero());
            CoRequest request = new CoRequest(sites, links, List.of(), time, s.planning().policy(), List.of(), null,
                    type.name() + " for " + user);
            return new SimRequest(0, user, arrival, type, request);
        }

        private static Instant ceilMinute(Instant t) {
            long sec = t.getEpochSecond();
            long rem = Math.floorMod(sec, 60);
            return rem == 0 && t.getNano() == 0 ? t : Instant.ofEpochSecond(sec - rem + 60);
        }
    }
}
