package org.doji.grc.planner.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;
import org.doji.grc.planner.CorpusGenerator;
import org.doji.grc.planner.HardFamilies;
import org.doji.grc.planner.Instance;
import org.doji.grc.planner.LoadedReference;
import org.doji.grc.planner.problem.SlotProblem;
import org.doji.grc.planner.problem.SlotSolution;
import org.junit.jupiter.api.Test;

/**
 * The placement search against two references. {@link LegacyPlacementSearch} is the search before symmetry breaking,
 * the end-share bound and the tie pass: run to its proof it must find the same optimum (same feasibility, same cost)
 * on random small and medium instances. An exhaustive enumeration of every placement, each routed exactly, gives the
 * documented tie-break: of the placements of least cost, the first in the order of the sites (RM order), reading
 * the requested sites in the search's order; the search must return that very placement.
 */
class PlacementSearchEquivalenceTest {
    private static final double TOLERANCE = 1e-9;
    /** Route search nodes per placement the enumeration may spend before an instance is left out as too hard for it. */
    private static final long ENUMERATION_CAP = 20_000;

    @Test
    void theSearchFindsTheOldSearchsOptimumOnTheCorpus() {
        List<String> problems = new ArrayList<>();
        IntStream.range(0, 3000).forEach(seed -> compareWithLegacy(CorpusGenerator.generate(seed), problems));
        assertThat(problems).isEmpty();
    }

    @Test
    void theSearchFindsTheOldSearchsOptimumOnLoadedReferenceRequests() {
        List<String> problems = new ArrayList<>();
        int[] feasible = new int[1];
        for (int n = 3; n <= 6; n++) {
            for (long seed = 0; seed < 60; seed++) {
                Instance in = LoadedReference.generate(n, seed, seed % 3 == 0 ? 0.3 : 0.7);
                if (compareWithLegacy(in, problems)) {
                    feasible[0]++;
                }
            }
        }
        assertThat(problems).isEmpty();
        // the corpus must exercise the bound on plans, not only on infeasibility
        assertThat(feasible[0]).isGreaterThan(60);
    }

    @Test
    void theSearchFindsTheOldSearchsOptimumOnTheHardFamilies() {
        List<String> problems = new ArrayList<>();
        for (String family : HardFamilies.NAMES) {
            HardFamilies.instances(family, 6).forEach(in -> compareWithLegacy(in, problems));
        }
        assertThat(problems).isEmpty();
    }

    @Test
    void tiesGoToTheFirstPlacementInSiteOrderOnTheCorpus() {
        List<String> problems = new ArrayList<>();
        int[] checked = new int[1];
        IntStream.range(0, 1500).forEach(seed -> {
            if (compareWithEnumeration(CorpusGenerator.generate(seed), problems)) {
                checked[0]++;
            }
        });
        assertThat(problems).isEmpty();
        assertThat(checked[0]).isGreaterThan(300);
    }

    @Test
    void tiesGoToTheFirstPlacementInSiteOrderOnLoadedReferenceRequests() {
        List<String> problems = new ArrayList<>();
        int[] checked = new int[1];
        for (int n = 2; n <= 4; n++) {
            for (long seed = 0; seed < 40; seed++) {
                // an empty grid is where ties abound: every domain offers the same routes
                if (compareWithEnumeration(LoadedReference.generate(n, seed, seed % 4 == 0 ? 0 : 0.5), problems)) {
                    checked[0]++;
                }
            }
        }
        assertThat(problems).isEmpty();
        assertThat(checked[0]).isGreaterThan(60);
    }

    @Test
    void withTheRoutingProgramTiesGoToTheFirstPlacementInSiteOrderOnLoadedReferenceRequests() {
        List<String> problems = new ArrayList<>();
        int[] checked = new int[1];
        long[] solves = new long[1];
        for (int n = 4; n <= 5; n++) {
            for (long seed = 0; seed < 30; seed++) {
                // one uncapped pass, the program after 0 nodes: every routing that needs a search goes to SCIP
                if (compareWithEnumeration(LoadedReference.generate(n, seed, 1.0), problems, ENUMERATION_CAP, p -> {
                    PlacementSearch search = new PlacementSearch(p, Deadline.none(), new RouteMip(p), 0,
                            new long[] {Long.MAX_VALUE});
                    SlotSolution s = search.run();
                    solves[0] += search.mipSolves();
                    return s;
                })) {
                    checked[0]++;
                }
            }
        }
        assertThat(problems).isEmpty();
        assertThat(checked[0]).isGreaterThan(30);
        assertThat(solves[0]).as("routings solved by the program").isGreaterThan(20);
    }

    /** Whether the instance has a plan; a mismatch goes to {@code problems}. */
    private static boolean compareWithLegacy(Instance in, List<String> problems) {
        SlotProblem p = in.compile();
        if (p.precheckFailure != null) {
            return false;
        }
        SlotSolution now = new PlacementSearch(p, Deadline.none()).run();
        SlotSolution before = new LegacyPlacementSearch(p, Deadline.none()).run();
        if (now.feasible() != before.feasible()) {
            problems.add(in.name() + ": feasible " + now.feasible() + ", before " + before.feasible());
        } else if (now.feasible() && !close(now.objective(), before.objective())) {
            problems.add(in.name() + ": cost " + now.objective() + ", before " + before.objective());
        } else if (!now.proven()) {
            problems.add(in.name() + ": not proven");
        }
        return now.feasible();
    }

    /** Whether the instance was small enough to enumerate and had a plan; a mismatch goes to {@code problems}. */
    private static boolean compareWithEnumeration(Instance in, List<String> problems) {
        return compareWithEnumeration(in, problems, Long.MAX_VALUE, p -> new PlacementSearch(p, Deadline.none()).run());
    }

    /** As above; instances where the enumeration's routing of some placement passes {@code routerCap} nodes are left out. */
    private static boolean compareWithEnumeration(Instance in, List<String> problems, long routerCap,
                                                  java.util.function.Function<SlotProblem, SlotSolution> search) {
        SlotProblem p = in.compile();
        if (p.precheckFailure != null || placements(p) > 20_000) {
            return false;
        }
        Enumeration all = new Enumeration(p, routerCap);
        if (all.incomplete) {
            return false;
        }
        SlotSolution s = search.apply(p);
        if (all.first == null) {
            if (s.feasible()) {
                problems.add(in.name() + ": the search found a plan where no placement can be routed");
            }
            return false;
        }
        if (!s.feasible() || !close(s.objective(), all.least)) {
            problems.add(in.name() + ": cost " + s.objective() + ", least of all placements " + all.least);
        } else if (!Arrays.equals(s.siteOf(), all.first)) {
            problems.add(in.name() + ": placement " + Arrays.toString(s.siteOf()) + ", first of least cost "
                    + Arrays.toString(all.first));
        }
        return true;
    }

    private static long placements(SlotProblem p) {
        long n = 1;
        for (int[] c : p.cand) {
            n *= c.length;
        }
        return n;
    }

    private static boolean close(double x, double y) {
        return Math.abs(x - y) <= 1e-6 * Math.max(1, Math.max(Math.abs(x), Math.abs(y)));
    }

    /** Every injective placement in the documented order, each routed to its optimum. */
    private static final class Enumeration {
        private final SlotProblem p;
        private final Network net;
        private final int[] order;
        private final int[] siteOf;
        private final boolean[] used;
        private final List<int[]> placed = new ArrayList<>();
        private final List<Double> costs = new ArrayList<>();
        double least = Double.POSITIVE_INFINITY;
        int[] first;
        private final long routerCap;
        boolean incomplete;

        Enumeration(SlotProblem p, long routerCap) {
            this.p = p;
            this.routerCap = routerCap;
            this.net = new Network(p);
            int[] degree = new int[p.nReq];
            for (int l = 0; l < p.nLinks; l++) {
                degree[p.linkO[l]]++;
                degree[p.linkP[l]]++;
            }
            order = SearchOrder.of(p, degree);
            siteOf = new int[p.nReq];
            Arrays.fill(siteOf, -1);
            used = new boolean[p.nSites];
            visit(0);
            for (int i = 0; i < placed.size(); i++) {
                least = Math.min(least, costs.get(i));
            }
            for (int i = 0; i < placed.size() && first == null; i++) {
                if (costs.get(i) <= least + TOLERANCE * Math.max(1, Math.abs(least))) {
                    first = placed.get(i);
                }
            }
        }

        private void visit(int depth) {
            if (incomplete) {
                return;
            }
            if (depth == p.nReq) {
                Router router = new Router(net, new DistanceCache(net), Deadline.none());
                router.budget(routerCap);
                int[][] routes = router.route(siteOf, Double.POSITIVE_INFINITY);
                incomplete |= router.truncated();
                if (routes != null) {
                    double x = 0;
                    for (int j = 0; j < p.nReq; j++) {
                        x += p.placementCost(j, siteOf[j]);
                    }
                    placed.add(siteOf.clone());
                    costs.add(x + router.cost());
                }
                return;
            }
            int j = order[depth];
            for (int v : p.cand[j]) {
                if (!used[v]) {
                    used[v] = true;
                    siteOf[j] = v;
                    visit(depth + 1);
                    siteOf[j] = -1;
                    used[v] = false;
                }
            }
        }
    }
}
