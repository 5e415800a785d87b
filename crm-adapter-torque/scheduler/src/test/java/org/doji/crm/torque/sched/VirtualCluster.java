package org.doji.crm.torque.sched;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * A test harness: runs the scheduling core in virtual time over random jobs and reservations and records
 * what ran where and when, so tests can check invariants on the whole history.
 */
final class VirtualCluster {

    record Job(PoolJob spec, long actualRun) {
    }

    record Run(PoolJob job, long start, long end, Map<String, Integer> nodes) {
    }

    final List<NodeInfo> nodes;
    final List<AdvanceReservation> reservations;
    final List<Run> runs = new ArrayList<>();
    final List<String> violations = new ArrayList<>();
    int passes;

    VirtualCluster(List<NodeInfo> nodes, List<AdvanceReservation> reservations) {
        this.nodes = nodes;
        this.reservations = reservations;
    }

    void run(SchedulingCore core, List<Job> jobs) {
        TreeSet<Long> events = new TreeSet<>();
        Map<String, Job> byId = new HashMap<>();
        for (Job j : jobs) {
            events.add(j.spec.submitTime());
            byId.put(j.spec.id(), j);
        }
        for (AdvanceReservation r : reservations) {
            events.add(r.start());
            events.add(r.end());
        }
        List<Job> pending = new ArrayList<>(jobs);
        List<Run> running = new ArrayList<>();
        while (!events.isEmpty() && passes < 100_000) {
            long now = events.pollFirst();
            running.removeIf(r -> r.end <= now);
            List<PoolJob> pool = new ArrayList<>();
            for (Job j : pending) {
                if (j.spec.submitTime() <= now) {
                    pool.add(j.spec);
                }
            }
            List<RunningJob> rj = new ArrayList<>();
            for (Run r : running) {
                rj.add(new RunningJob(r.job.id(), r.job.user(), r.nodes, r.start,
                        r.start + r.job.estimatedRunSeconds(), r.job.reservationId()));
            }
            SchedulingPlan plan = core.plan(new ClusterSnapshot(now, nodes, rj, reservations, pool));
            passes++;
            for (Map.Entry<String, Long> e : plan.plannedStarts().entrySet()) {
                if (e.getValue() == now && plan.starts().stream().noneMatch(s -> s.jobId().equals(e.getKey()))) {
                    violations.add("job " + e.getKey() + " placed at now but not started at " + now);
                }
            }
            for (SchedulingPlan.Start s : plan.starts()) {
                Job j = byId.get(s.jobId());
                Run r = new Run(j.spec, now, now + j.actualRun, s.coresByNode());
                runs.add(r);
                running.add(r);
                pending.remove(j);
                events.add(r.end);
            }
        }
    }

    /** Cores in use on each node at instant t, from the recorded history. */
    Map<String, Integer> usedAt(long t) {
        Map<String, Integer> used = new HashMap<>();
        for (Run r : runs) {
            if (r.start <= t && t < r.end) {
                r.nodes.forEach((n, c) -> used.merge(n, c, Integer::sum));
            }
        }
        return used;
    }

    TreeSet<Long> instants() {
        TreeSet<Long> ts = new TreeSet<>();
        for (Run r : runs) {
            ts.add(r.start);
        }
        return ts;
    }
}
