package org.doji.grc.simulation;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;
import org.doji.grc.model.CoRequest;
import org.doji.grc.model.Policy;

/**
 * The §9 workload: users A and B each submit a Poisson stream of requests (exponential inter-arrival
 * times with the given mean) during the arrival period; each request is one of four types drawn
 * uniformly, with cores per site, duration and earliest start drawn uniformly too; LST − EST is the slack
 * factor times the mean interval; ordering is "slots earliest first, cheapest within a slot" (EARLIEST).
 * Each user's stream has its own generator seeded from (seed, interval, user), so it does not change
 * when another parameter of the other user's stream does.
 */
public final class Workload {

    /** Virtual time zero of every run (a Monday; any fixed instant would do). */
    public static final Instant T0 = Instant.parse("2030-01-07T00:00:00Z");
    public static final List<String> USERS = List.of("A", "B");

    /** The four request types of §9: 1–3 sites and links between them. */
    public enum RequestType {
        ONE_SITE("1 site", 1, new int[][] {}),
        TWO_SITES("2 sites, 1 link", 2, new int[][] {{0, 1}}),
        THREE_CHAIN("3 sites, 2 links", 3, new int[][] {{0, 1}, {1, 2}}),
        THREE_MESH("3 sites, 3 links", 3, new int[][] {{0, 1}, {1, 2}, {0, 2}});

        public final String label;
        public final int sites;
        private final int[][] links;

        RequestType(String label, int sites, int[][] links) {
            this.label = label;
            this.sites = sites;
            this.links = links;
        }

        public int links() {
            return links.length;
        }
    }

    /** One generated request: who, when it arrives, its type and the co-allocation request itself. */
    public record SimRequest(int id, String user, Instant arrival, RequestType type, CoRequest request) {

        /** Σ cores × duration, in core-hours. */
        public double coreHours() {
            return request.sites().stream().mapToInt(CoRequest.Site::cores).sum() * hours();
        }

        /** Σ link bandwidth × duration, in Gbps-hours (what was asked for, not the hops it takes). */
        public double gbpsHours() {
            return request.links().stream().mapToLong(CoRequest.Link::bandwidthMbps).sum() / 1000.0 * hours();
        }

        private double hours() {
            return request.time().duration().toSeconds() / 3600.0;
        }
    }

    private Workload() {
    }

    /** Both users' requests for one mean interval, merged in arrival order (ties: A before B) and numbered. */
    public static List<SimRequest> generate(SimulationParameters p, int intervalMinutes) {
        List<SimRequest> all = new ArrayList<>();
        for (int u = 0; u < USERS.size(); u++) {
            SplittableRandom random = new SplittableRandom(p.seed() * 1_000_003L + intervalMinutes * 7_919L + u);
            all.addAll(stream(p, intervalMinutes, USERS.get(u), random));
        }
        all.sort(Comparator.comparing(SimRequest::arrival).thenComparing(SimRequest::user));
        List<SimRequest> numbered = new ArrayList<>(all.size());
        for (int i = 0; i < all.size(); i++) {
            SimRequest r = all.get(i);
            numbered.add(new SimRequest(i + 1, r.user(), r.arrival(), r.type(), r.request()));
        }
        return numbered;
    }

    private static List<SimRequest> stream(SimulationParameters p, int intervalMinutes, String user, SplittableRandom random) {
        List<SimRequest> out = new ArrayList<>();
        double meanSeconds = intervalMinutes * 60.0;
        long endSeconds = p.arrivalHours() * 3600L;
        double t = 0;
        while (true) {
            t += -meanSeconds * Math.log(1 - random.nextDouble());
            long at = (long) Math.floor(t);
            if (at >= endSeconds) {
                return out;
            }
            Instant arrival = T0.plusSeconds(at);
            out.add(draw(p, intervalMinutes, user, arrival, random));
        }
    }

    private static SimRequest draw(SimulationParameters p, int intervalMinutes, String user, Instant arrival,
                                   SplittableRandom random) {
        RequestType type = RequestType.values()[random.nextInt(RequestType.values().length)];
        Duration duration = Duration.ofMinutes(pick(p.durationsMinutes(), random));
        Duration slack = p.slack(intervalMinutes);
        Instant periodStart = p.booking() == SimulationParameters.Booking.NEXT_DAY
                ? T0.plus(Duration.ofHours(p.arrivalHours())) : arrival;
        Instant lastEst = periodStart.plus(Duration.ofHours(p.bookingHours())).minus(duration).minus(slack);
        // whole minutes, never before the period (a rolling period starts at the arrival second)
        Instant lo = ceilMinute(periodStart);
        Instant hi = Instant.ofEpochSecond(lastEst.getEpochSecond() - Math.floorMod(lastEst.getEpochSecond(), 60));
        Instant est = hi.isBefore(lo) ? periodStart
                : lo.plus(Duration.ofMinutes(random.nextLong(Duration.between(lo, hi).toMinutes() + 1)));
        List<CoRequest.Site> sites = new ArrayList<>();
        for (int i = 0; i < type.sites; i++) {
            sites.add(new CoRequest.Site("s" + (i + 1), pick(p.coresPerSite(), random), null, null));
        }
        List<CoRequest.Link> links = new ArrayList<>();
        for (int[] l : type.links) {
            links.add(new CoRequest.Link("s" + (l[0] + 1), "s" + (l[1] + 1), p.bandwidthMbps(), null));
        }
        CoRequest.Time time = new CoRequest.Time(est, est.plus(slack), duration, slack.isZero());
        CoRequest request = new CoRequest(sites, links, List.of(), time, Policy.EARLIEST, List.of(), null,
                type.label + " for " + user);
        return new SimRequest(0, user, arrival, type, request);
    }

    private static Instant ceilMinute(Instant t) {
        long s = t.getEpochSecond();
        long rem = Math.floorMod(s, 60);
        return rem == 0 && t.getNano() == 0 ? t : Instant.ofEpochSecond(s - rem + 60);
    }

    private static int pick(List<Integer> values, SplittableRandom random) {
        return values.get(random.nextInt(values.size()));
    }
}
