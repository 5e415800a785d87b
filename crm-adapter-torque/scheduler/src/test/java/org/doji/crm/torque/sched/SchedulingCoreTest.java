package org.doji.crm.torque.sched;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class SchedulingCoreTest {

    private static List<NodeInfo> nodes(int n, int cores) {
        List<NodeInfo> out = new ArrayList<>();
        for (int i = 1; i <= n; i++) {
            out.add(new NodeInfo("n" + i, cores, true));
        }
        return out;
    }

    private static List<VirtualCluster.Job> randomJobs(Random rnd, int count, int maxCores, List<AdvanceReservation> res) {
        List<VirtualCluster.Job> jobs = new ArrayList<>();
        long t = 0;
        for (int i = 0; i < count; i++) {
            t += rnd.nextInt(120);
            String resId = !res.isEmpty() && rnd.nextInt(8) == 0 ? res.get(rnd.nextInt(res.size())).id() : null;
            long est = resId != null ? 60 + rnd.nextInt(1_500) : 60 + rnd.nextInt(3_000);
            long actual = Math.max(1, (long) (est * (0.3 + 0.7 * rnd.nextDouble())));
            ResourceExpression expr = rnd.nextBoolean()
                    ? ResourceExpression.cores(1 + rnd.nextInt(maxCores))
                    : new ResourceExpression(List.of(new ResourceExpression.NodeGroup(1 + rnd.nextInt(3),
                            1 + rnd.nextInt(4))), 0);
            JobClass cls = rnd.nextInt(20) == 0 ? JobClass.PRIVILEGED : JobClass.GENERAL;
            jobs.add(new VirtualCluster.Job(new PoolJob("j" + i, "u" + rnd.nextInt(4), expr,
                    est, t, cls, resId), actual));
        }
        return jobs;
    }

    private static List<AdvanceReservation> randomReservations(Random rnd, int nodeCount) {
        List<AdvanceReservation> res = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            long start = 500 + rnd.nextInt(20_000);
            List<String> ns = new ArrayList<>();
            int first = 1 + rnd.nextInt(nodeCount - 2);
            for (int n = first; n < first + 2; n++) {
                ns.add("n" + n);
            }
            AdvanceReservation r = new AdvanceReservation("r" + i, ns, start, start + 2_000 + rnd.nextInt(4_000));
            if (res.stream().noneMatch(o -> o.overlaps(r.start(), r.end())
                    && o.nodes().stream().anyMatch(ns::contains))) {
                res.add(r);
            }
        }
        return res;
    }

    @Test
    void randomisedHistoriesRespectCapacityReservationsAndLimits() {
        for (long s = 1; s <= 30; s++) {
            final long seed = s;
            Random rnd = new Random(seed);
            int nodeCount = 6 + rnd.nextInt(6);
            List<NodeInfo> ns = nodes(nodeCount, 4);
            List<AdvanceReservation> res = randomReservations(rnd, nodeCount);
            SchedulerConfig cfg = switch ((int) (seed % 3)) {
                case 0 -> SchedulerConfig.defaults();
                case 1 -> SchedulerConfig.defaults().withPolicy(SchedulerConfig.Ordering.FCFS, false);
                default -> SchedulerConfig.defaults().withRunLimits(3, 4, nodeCount * 3);
            };
            VirtualCluster vc = new VirtualCluster(ns, res);
            List<VirtualCluster.Job> jobs = randomJobs(rnd, 150, 8, res);
            vc.run(new SchedulingCore(cfg), jobs);

            assertThat(vc.violations).as("seed %d", seed).isEmpty();
            long boundJobs = jobs.stream().filter(j -> j.spec().reservationId() != null).count();
            assertThat(vc.runs).as("every general job ran, seed %d", seed)
                    .hasSizeGreaterThanOrEqualTo((int) (jobs.size() - boundJobs));
            for (long instant : vc.instants()) {
                final long t = instant;
                Map<String, Integer> used = vc.usedAt(t);
                used.forEach((n, c) -> assertThat(c).as("cores on %s at %d (seed %d)", n, t, seed).isLessThanOrEqualTo(4));
                Map<String, Integer> perUser = new HashMap<>();
                int generalCores = 0;
                for (VirtualCluster.Run r : vc.runs) {
                    if (r.start() <= t && t < r.end() && r.job().reservationId() == null
                            && r.job().jobClass() != JobClass.PRIVILEGED) {
                        perUser.merge(r.job().user(), 1, Integer::sum);
                        generalCores += r.job().cores();
                    }
                }
                if (cfg.maxRunningPerUser() > 0) {
                    perUser.values().forEach(c -> assertThat(c).isLessThanOrEqualTo(cfg.maxRunningPerUser()));
                    assertThat(generalCores).isLessThanOrEqualTo(cfg.systemCoreCeiling());
                }
            }
            for (VirtualCluster.Run r : vc.runs) {
                assertThat(r.job().cores()).isEqualTo(r.nodes().values().stream().mapToInt(Integer::intValue).sum());
                for (AdvanceReservation a : res) {
                    boolean onItsNodes = a.nodes().containsAll(r.nodes().keySet());
                    if (a.id().equals(r.job().reservationId())) {
                        assertThat(onItsNodes && r.start() >= a.start() && r.end() <= a.end())
                                .as("bound job %s inside %s (seed %d)", r, a, seed).isTrue();
                    } else if (a.overlaps(r.start(), r.end())) {
                        assertThat(r.nodes().keySet()).as("job %s overlaps reservation %s (seed %d)", r, a, seed)
                                .doesNotContainAnyElementsOf(a.nodes());
                    }
                }
            }
        }
    }

    @Test
    void planStartsGivesTheSameStartsAsAFullPlan() {
        for (long seed = 1; seed <= 40; seed++) {
            Random rnd = new Random(seed);
            List<NodeInfo> ns = nodes(8, 4);
            List<PoolJob> pool = new ArrayList<>();
            for (int i = 0; i < 60; i++) {
                pool.add(PoolJob.general("j" + i, "u" + rnd.nextInt(3), 1 + rnd.nextInt(12), 60 + rnd.nextInt(5_000),
                        rnd.nextInt(1_000)));
            }
            List<RunningJob> running = List.of(new RunningJob("r", "u0", Map.of("n1", 4, "n2", 2), 0, 2_000, null));
            ClusterSnapshot snap = new ClusterSnapshot(1_000, ns, running, List.of(), pool);
            for (SchedulerConfig cfg : List.of(SchedulerConfig.defaults(),
                    SchedulerConfig.defaults().withPolicy(SchedulerConfig.Ordering.FCFS, false),
                    SchedulerConfig.defaults().withPolicy(SchedulerConfig.Ordering.PRIORITY, false))) {
                SchedulingCore core = new SchedulingCore(cfg);
                assertThat(core.planStarts(snap).starts()).isEqualTo(core.plan(snap).starts());
            }
        }
    }

    @Test
    void backfillStartsSmallJobsInTheHoleBeforeAReservationAndFcfsDoesNot() {
        List<NodeInfo> ns = nodes(4, 2);
        // all 4 nodes reserved from t=1000: an 8-core job that needs 2000 s must wait until the end
        AdvanceReservation r = new AdvanceReservation("r", List.of("n1", "n2", "n3", "n4"), 1_000, 3_000);
        PoolJob big = PoolJob.general("big", "a", 8, 2_000, 0);
        PoolJob small = PoolJob.general("small", "b", 2, 900, 10);
        ClusterSnapshot snap = new ClusterSnapshot(10, ns, List.of(), List.of(r), List.of(big, small));
        SchedulingPlan bf = new SchedulingCore(SchedulerConfig.defaults()).plan(snap);
        assertThat(bf.plannedStarts()).containsEntry("big", 3_000L).containsEntry("small", 10L);
        assertThat(bf.starts()).extracting(SchedulingPlan.Start::jobId).containsExactly("small");
        SchedulingPlan fcfs = new SchedulingCore(SchedulerConfig.defaults()
                .withPolicy(SchedulerConfig.Ordering.FCFS, false)).plan(snap);
        assertThat(fcfs.starts()).isEmpty();
        assertThat(fcfs.plannedStarts()).containsEntry("big", 3_000L).containsEntry("small", 5_000L);
        assertThat(fcfs.waitReasons().get("small")).contains("5000");
    }

    @Test
    void boundJobsWaitForTheirReservationAndThenRunOnlyOnItsNodes() {
        List<NodeInfo> ns = nodes(4, 2);
        AdvanceReservation r = new AdvanceReservation("r", List.of("n3", "n4"), 100, 1_100);
        PoolJob bound = new PoolJob("b", "a", ResourceExpression.parse("nodes=2:ppn=1"), 500, 0, JobClass.GENERAL, "r");
        SchedulingCore core = new SchedulingCore(SchedulerConfig.defaults());
        SchedulingPlan before = core.plan(new ClusterSnapshot(50, ns, List.of(), List.of(r), List.of(bound)));
        assertThat(before.starts()).isEmpty();
        assertThat(before.plannedStarts()).containsEntry("b", 100L);
        SchedulingPlan at = core.plan(new ClusterSnapshot(100, ns, List.of(), List.of(r), List.of(bound)));
        assertThat(at.starts()).singleElement().satisfies(s ->
                assertThat(s.coresByNode()).isEqualTo(Map.of("n3", 1, "n4", 1)));
        SchedulingPlan tooLate = core.plan(new ClusterSnapshot(700, ns, List.of(), List.of(r), List.of(bound)));
        assertThat(tooLate.starts()).isEmpty();
        assertThat(tooLate.waitReasons().get("b")).contains("does not fit before reservation r ends");
    }

    @Test
    void downNodesAndRunningJobsShrinkTheTable() {
        List<NodeInfo> ns = List.of(new NodeInfo("n1", 4, true), new NodeInfo("n2", 4, false));
        RunningJob running = new RunningJob("x", "a", Map.of("n1", 3), 0, 1_000, null);
        PoolJob two = PoolJob.general("two", "b", 2, 100, 5);
        SchedulingPlan p = new SchedulingCore(SchedulerConfig.defaults())
                .plan(new ClusterSnapshot(10, ns, List.of(running), List.of(), List.of(two)));
        assertThat(p.starts()).isEmpty();
        assertThat(p.plannedStarts()).containsEntry("two", 1_000L);
        PoolJob huge = PoolJob.general("huge", "b", 5, 100, 5);
        SchedulingPlan q = new SchedulingCore(SchedulerConfig.defaults())
                .plan(new ClusterSnapshot(10, ns, List.of(running), List.of(), List.of(huge)));
        assertThat(q.waitReasons().get("huge")).contains("larger than the 4 cores");
    }
}
