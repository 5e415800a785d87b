package org.doji.grc.planner.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.doji.grc.planner.HardFamilies;
import org.doji.grc.planner.Instance;
import org.doji.grc.planner.LoadedReference;
import org.doji.grc.planner.problem.SlotProblem;
import org.doji.grc.planner.problem.SlotSolution;
import org.junit.jupiter.api.Test;

/**
 * The routing integer program ({@link RouteMip}) against the exact route search run without a cap, and the
 * placement search with the integer program as its fallback ({@code fast-exact}) against the search without one.
 * A fallback after 0 nodes hands every routing that needs a search at all to the integer program, so these
 * instances take the fallback path many times (counted, so the test cannot pass without it).
 */
class RouteMipTest {
    private static final long SEARCH_CAP = 20_000;

    @Test
    void theProgramFindsTheRouteSearchsOptimumForRandomPlacements() {
        List<String> problems = new ArrayList<>();
        int[] contested = new int[2];
        for (int n = 3; n <= 6; n++) {
            for (long seed = 0; seed < 25; seed++) {
                compareRoutings(LoadedReference.generate(n, seed, 0.8), seed, problems, contested);
            }
        }
        assertThat(problems).isEmpty();
        // routings where capacity binds (the search had to branch), feasible and infeasible
        assertThat(contested[0]).as("contested routings with a plan").isGreaterThan(20);
        assertThat(contested[1]).as("routings without a plan").isGreaterThan(20);
    }

    @Test
    void theSearchWithTheProgramFindsTheSameOptimumAndTieAsWithout() {
        List<String> problems = new ArrayList<>();
        long solves = 0;
        List<Instance> instances = new ArrayList<>();
        for (int n = 3; n <= 5; n++) {
            for (long seed = 0; seed < 25; seed++) {
                instances.add(LoadedReference.generate(n, seed, seed % 3 == 0 ? 0.3 : 0.8));
            }
        }
        for (String family : HardFamilies.NAMES) {
            instances.addAll(HardFamilies.instances(family, 3));
        }
        for (Instance in : instances) {
            SlotProblem p = in.compile();
            if (p.precheckFailure != null) {
                continue;
            }
            SlotSolution plain = new PlacementSearch(p, Deadline.none()).run();
            PlacementSearch search = new PlacementSearch(p, Deadline.none(), new RouteMip(p), 0);
            SlotSolution exact = search.run();
            solves += search.mipSolves();
            if (plain.feasible() != exact.feasible()) {
                problems.add(in.name() + ": feasible " + exact.feasible() + ", without the program " + plain.feasible());
            } else if (!exact.proven()) {
                problems.add(in.name() + ": not proven");
            } else if (exact.feasible() && !close(exact.objective(), plain.objective())) {
                problems.add(in.name() + ": cost " + exact.objective() + ", without the program " + plain.objective());
            } else if (exact.feasible() && !Arrays.equals(exact.siteOf(), plain.siteOf())) {
                // the tie rule is on sites; routes of equal cost may differ
                problems.add(in.name() + ": placement " + Arrays.toString(exact.siteOf()) + ", without the program "
                        + Arrays.toString(plain.siteOf()));
            }
        }
        assertThat(problems).isEmpty();
        assertThat(solves).as("routings solved by the program").isGreaterThan(50);
    }

    /** A few random injective placements of the instance, each routed both ways. */
    private static void compareRoutings(Instance in, long seed, List<String> problems, int[] contested) {
        SlotProblem p = in.compile();
        if (p.precheckFailure != null) {
            return;
        }
        Network net = new Network(p);
        Random rnd = new Random(seed);
        for (int trial = 0; trial < 5; trial++) {
            int[] siteOf = randomPlacement(p, rnd);
            if (siteOf == null) {
                continue;
            }
            Router router = new Router(net, new DistanceCache(net), Deadline.none());
            // the enumeration can take minutes where many links compete for few paths: those are left out
            router.budget(SEARCH_CAP);
            int[][] searched = router.route(siteOf, Double.POSITIVE_INFINITY);
            if (router.truncated()) {
                continue;
            }
            int[] from = new int[p.nLinks];
            int[] to = new int[p.nLinks];
            for (int l = 0; l < p.nLinks; l++) {
                from[l] = siteOf[p.linkO[l]];
                to[l] = siteOf[p.linkP[l]];
            }
            RouteMip mip = new RouteMip(p);
            int[][] solved = mip.solve(from, to, Double.POSITIVE_INFINITY);
            String at = in.name() + " " + Arrays.toString(siteOf);
            if ((searched == null) != (solved == null)) {
                problems.add(at + ": program " + (solved != null) + ", search " + (searched != null));
                continue;
            }
            if (searched == null) {
                contested[1]++;
                continue;
            }
            if (!close(mip.cost(), router.cost())) {
                problems.add(at + ": program " + mip.cost() + ", search " + router.cost());
            }
            // with the optimum as the limit nothing is cheaper; a little above it the optimum is found
            if (mip.solve(from, to, router.cost()) != null) {
                problems.add(at + ": program found a routing below the optimum " + router.cost());
            }
            if (mip.solve(from, to, router.cost() + 1) == null || !close(mip.cost(), router.cost())) {
                problems.add(at + ": program missed the optimum below optimum + 1");
            }
            if (!fitsIndependently(p, net, from, to)) {
                contested[0]++;
            }
        }
    }

    /** Whether each link's own cheapest path would do: then the routing needs no search. */
    private static boolean fitsIndependently(SlotProblem p, Network net, int[] from, int[] to) {
        long[] used = new long[p.nPaths];
        MinHeap heap = new MinHeap();
        DistanceCache full = new DistanceCache(net);
        for (int l = 0; l < p.nLinks; l++) {
            int[] path = new PathEnumerator(net, l, from[l], to[l], p.pathCap, Double.POSITIVE_INFINITY, heap, full,
                    Deadline.none()).next();
            for (int arc : path) {
                used[arc >> 1] += p.linkBw[l];
                if (used[arc >> 1] > p.pathCap[arc >> 1]) {
                    return false;
                }
            }
        }
        return true;
    }

    private static int[] randomPlacement(SlotProblem p, Random rnd) {
        int[] siteOf = new int[p.nReq];
        boolean[] used = new boolean[p.nSites];
        for (int j = 0; j < p.nReq; j++) {
            List<Integer> free = new ArrayList<>();
            for (int s : p.cand[j]) {
                if (!used[s]) {
                    free.add(s);
                }
            }
            if (free.isEmpty()) {
                return null;
            }
            siteOf[j] = free.get(rnd.nextInt(free.size()));
            used[siteOf[j]] = true;
        }
        return siteOf;
    }

    private static boolean close(double x, double y) {
        return Math.abs(x - y) <= 1e-6 * Math.max(1, Math.max(Math.abs(x), Math.abs(y)));
    }
}
