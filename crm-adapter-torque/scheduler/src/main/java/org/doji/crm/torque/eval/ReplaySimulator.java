package org.doji.crm.torque.eval;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import org.doji.crm.torque.sched.ClusterSnapshot;
import org.doji.crm.torque.sched.JobClass;
import org.doji.crm.torque.sched.NodeInfo;
import org.doji.crm.torque.sched.PoolJob;
import org.doji.crm.torque.sched.ResourceExpression;
import org.doji.crm.torque.sched.RunningJob;
import org.doji.crm.torque.sched.SchedulingCore;
import org.doji.crm.torque.sched.SchedulingPlan;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Replays a trace against the scheduling core in virtual time: every submit and every job end is an
 * event, and at each event one scheduling pass runs exactly as the TORQUE backend runs it (fresh
 * table, pool in priority order, jobs placed at "now" start). Jobs run for their actual run time; the
 * scheduler sees only the estimate (the requested time, or the run time when the trace has none).
 */
public final class ReplaySimulator {

    private static final Logger LOG = LoggerFactory.getLogger(ReplaySimulator.class);

    /** A finished job: when it was submitted, started and ended (virtual seconds). */
    public record Outcome(long id, long submit, long start, long end, int procs) {
        public long waitTime() {
            return start - submit;
        }
    }

    public enum Estimate { REQUESTED_ELSE_ACTUAL, ACTUAL }

    private final int nodes;
    private final int coresPerNode;
    private final Estimate estimate;

    public ReplaySimulator(int nodes, int coresPerNode, Estimate estimate) {
        this.nodes = nodes;
        this.coresPerNode = coresPerNode;
        this.estimate = estimate;
    }

    /** Jobs that cannot run here at all (too wide, no size, negative run time) are left out. */
    public List<SwfJob> runnable(List<SwfJob> trace) {
        List<SwfJob> out = new ArrayList<>();
        for (SwfJob j : trace) {
            if (j.procs() > 0 && j.procs() <= nodes * coresPerNode && j.runTime() >= 0 && j.submit() >= 0) {
                out.add(j);
            }
        }
        out.sort(Comparator.comparingLong(SwfJob::submit).thenComparingLong(SwfJob::id));
        return out;
    }

    long estimateOf(SwfJob j) {
        long run = Math.max(1, j.runTime());
        if (estimate == Estimate.REQUESTED_ELSE_ACTUAL && j.hasRequestedTime()) {
            return Math.max(run, j.requestedTime()); // a job never runs past its request (it is killed)
        }
        return run;
    }

    public List<Outcome> replay(List<SwfJob> trace, SchedulingCore core, String label) {
        List<SwfJob> jobs = runnable(trace);
        List<NodeInfo> nodeList = new ArrayList<>();
        for (int i = 1; i <= nodes; i++) {
            nodeList.add(new NodeInfo("n" + i, coresPerNode, true));
        }
        Map<String, SwfJob> byId = new HashMap<>();
        Map<String, PoolJob> pool = new LinkedHashMap<>();
        Map<String, RunningJob> running = new HashMap<>();
        PriorityQueue<long[]> ends = new PriorityQueue<>(Comparator.comparingLong(a -> a[0]));
        List<Outcome> done = new ArrayList<>(jobs.size());
        int next = 0;
        int logStep = Math.max(1, jobs.size() / 10);
        int nextLog = logStep;
        long passes = 0;
        long passNanos = 0;
        while (next < jobs.size() || !pool.isEmpty()) {
            long now = Long.MAX_VALUE;
            if (next < jobs.size()) {
                now = jobs.get(next).submit();
            }
            if (!ends.isEmpty()) {
                now = Math.min(now, ends.peek()[0]);
            }
            if (now == Long.MAX_VALUE) {
                LOG.warn("{}: {} jobs can never start (stuck pool), stopping", label, pool.size());
                break;
            }
            while (!ends.isEmpty() && ends.peek()[0] <= now) {
                long[] e = ends.poll();
                running.remove(Long.toString(e[1]));
            }
            while (next < jobs.size() && jobs.get(next).submit() <= now) {
                SwfJob j = jobs.get(next++);
                String id = Long.toString(j.id());
                byId.put(id, j);
                pool.put(id, new PoolJob(id, "u" + j.user(), ResourceExpression.cores(j.procs()), estimateOf(j),
                        j.submit(), JobClass.GENERAL, null));
            }
            long t0 = System.nanoTime();
            SchedulingPlan plan = core.planStarts(new ClusterSnapshot(now, nodeList, new ArrayList<>(running.values()),
                    List.of(), new ArrayList<>(pool.values())));
            passNanos += System.nanoTime() - t0;
            passes++;
            for (SchedulingPlan.Start s : plan.starts()) {
                PoolJob pj = pool.remove(s.jobId());
                SwfJob j = byId.remove(s.jobId());
                long end = now + Math.max(0, j.runTime());
                running.put(s.jobId(), new RunningJob(s.jobId(), pj.user(), s.coresByNode(), now,
                        now + pj.estimatedRunSeconds(), null));
                ends.add(new long[] {end, j.id()});
                done.add(new Outcome(j.id(), j.submit(), now, end, j.procs()));
            }
            if (done.size() >= nextLog) {
                LOG.info("{}: {}/{} jobs started, queue {}, {} passes, mean pass {} µs", label, done.size(),
                        jobs.size(), pool.size(), passes, passNanos / 1000 / Math.max(1, passes));
                nextLog += logStep;
            }
        }
        return done;
    }
}
