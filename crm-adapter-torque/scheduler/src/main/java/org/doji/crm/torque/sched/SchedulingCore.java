package org.doji.crm.torque.sched;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The scheduling core (DESIGN §7): one job pool, a resource reservation table rebuilt from the advance
 * reservations and running jobs at every pass, and the pool walked in priority order placing each job at
 * its earliest fitting time. A job placed at "now" starts if the launch conditions hold and concrete
 * nodes outside every reservation overlapping its run are free; jobs bound to a reservation run only in
 * that reservation's slot on its nodes. Stateless: call {@link #plan} at each event.
 */
public final class SchedulingCore {

    private final SchedulerConfig config;
    private final PriorityAgeing ageing;

    public SchedulingCore(SchedulerConfig config) {
        this.config = config;
        this.ageing = new PriorityAgeing(config);
    }

    public SchedulerConfig config() {
        return config;
    }

    public SchedulingPlan plan(ClusterSnapshot snap) {
        return plan(snap, false);
    }

    /**
     * The same starts as {@link #plan}, for replays that need nothing else: without backfill, once one job
     * has to wait no later job can start now, so the rest of the pool is not placed (no planned starts or
     * reasons for them).
     */
    public SchedulingPlan planStarts(ClusterSnapshot snap) {
        return plan(snap, true);
    }

    private SchedulingPlan plan(ClusterSnapshot snap, boolean startsOnly) {
        PassState st = new PassState(snap, config.overrunGraceSeconds());
        List<PoolJob> general = new ArrayList<>();
        Map<String, List<PoolJob>> bound = new LinkedHashMap<>();
        for (PoolJob j : snap.pool()) {
            if (j.reservationId() == null) {
                general.add(j);
            } else {
                bound.computeIfAbsent(j.reservationId(), k -> new ArrayList<>()).add(j);
            }
        }
        placeGeneral(st, ageing.order(general, snap.now()), startsOnly && !config.backfill());
        for (Map.Entry<String, List<PoolJob>> e : bound.entrySet()) {
            new ReservationSlot(st, e.getKey()).place(e.getValue());
        }
        return new SchedulingPlan(snap.now(), st.starts, st.planned, st.reasons);
    }

    private void placeGeneral(PassState st, List<PoolJob> ordered, boolean stopAtFirstWait) {
        long now = st.now;
        long latest = now + config.horizonSeconds();
        long lastStart = now;
        int maxJob = config.maxJobCores() == 0 ? Integer.MAX_VALUE : config.maxJobCores();
        for (PoolJob job : ordered) {
            int cores = job.cores();
            if (cores > st.profile.capacity() || cores > maxJob) {
                st.reasons.put(job.id(), "larger than the " + Math.min(st.profile.capacity(), maxJob)
                        + " cores any job may get");
                continue;
            }
            long notBefore = config.backfill() ? now : lastStart;
            long t = st.profile.earliestFit(notBefore, job.estimatedRunSeconds(), cores, latest);
            if (t == now) {
                String limit = st.limitViolation(job, config);
                if (limit != null) {
                    // A policy limit, not a lack of cores: hold no slot, so others may use the cores.
                    st.reasons.put(job.id(), limit);
                    continue;
                }
                Map<String, Integer> nodes = st.selectGeneralNodes(job);
                if (nodes != null) {
                    st.start(job, nodes);
                    st.profile.reserve(now, now + job.estimatedRunSeconds(), cores);
                    st.planned.put(job.id(), now);
                    continue;
                }
                // Enough cores in total, but not on nodes clear of reservations: try the next boundary.
                st.reasons.put(job.id(), "cores free but fragmented or reserved on their nodes");
                long after = st.profile.nextBoundaryAfter(now);
                t = after == Long.MAX_VALUE ? -1
                        : st.profile.earliestFit(after, job.estimatedRunSeconds(), cores, latest);
            }
            if (t < 0) {
                st.reasons.putIfAbsent(job.id(), "no fitting time within the horizon");
                continue;
            }
            st.profile.reserve(t, t + job.estimatedRunSeconds(), cores);
            st.planned.put(job.id(), t);
            st.reasons.putIfAbsent(job.id(), "waits for cores until " + t);
            lastStart = t;
            if (stopAtFirstWait && t > now) {
                return;
            }
        }
    }

    /** Mutable state of one pass: the table, free cores per node now, run-limit counters, results. */
    static final class PassState {
        final long now;
        final CoreProfile profile;
        final Map<String, NodeInfo> nodes = new LinkedHashMap<>();
        final List<String> nodeOrder = new ArrayList<>();
        final Map<String, Integer> freeNow = new HashMap<>();
        final Map<String, AdvanceReservation> reservations = new HashMap<>();
        final Map<String, Integer> runningPerUser = new HashMap<>();
        int runningSinglePe;
        int generalCoresInUse;
        final List<SchedulingPlan.Start> starts = new ArrayList<>();
        final Map<String, Long> planned = new HashMap<>();
        final Map<String, String> reasons = new HashMap<>();
        final List<AdvanceReservation> all;

        PassState(ClusterSnapshot snap, long grace) {
            this.now = snap.now();
            this.all = snap.reservations();
            int capacity = 0;
            for (NodeInfo n : snap.nodes()) {
                if (n.up()) {
                    nodes.put(n.name(), n);
                    nodeOrder.add(n.name());
                    freeNow.put(n.name(), n.cores());
                    capacity += n.cores();
                }
            }
            profile = new CoreProfile(now, capacity);
            for (AdvanceReservation r : snap.reservations()) {
                reservations.put(r.id(), r);
                if (r.end() > now) {
                    profile.reserve(r.start(), r.end(), upCores(r.nodes()));
                }
            }
            for (RunningJob j : snap.running()) {
                for (Map.Entry<String, Integer> e : j.coresByNode().entrySet()) {
                    freeNow.computeIfPresent(e.getKey(), (k, v) -> v - e.getValue());
                }
                runningPerUser.merge(j.user(), 1, Integer::sum);
                if (j.cores() == 1) {
                    runningSinglePe++;
                }
                AdvanceReservation r = j.reservationId() == null ? null : reservations.get(j.reservationId());
                if (r != null && r.start() <= now && now < r.end()) {
                    continue; // inside its reservation, whose cores the table already holds
                }
                generalCoresInUse += j.cores();
                long end = Math.max(j.estimatedEnd(), now + grace);
                profile.reserve(now, Math.max(end, now + 1), upCores(j.coresByNode()));
            }
        }

        private int upCores(List<String> names) {
            int sum = 0;
            for (String n : names) {
                NodeInfo info = nodes.get(n);
                sum += info == null ? 0 : info.cores();
            }
            return sum;
        }

        private int upCores(Map<String, Integer> byNode) {
            int sum = 0;
            for (Map.Entry<String, Integer> e : byNode.entrySet()) {
                sum += nodes.containsKey(e.getKey()) ? e.getValue() : 0;
            }
            return sum;
        }

        String limitViolation(PoolJob job, SchedulerConfig cfg) {
            if (job.jobClass() == JobClass.PRIVILEGED) {
                return null;
            }
            if (cfg.maxRunningPerUser() > 0 && runningPerUser.getOrDefault(job.user(), 0) >= cfg.maxRunningPerUser()) {
                return "per-user run limit " + cfg.maxRunningPerUser() + " reached for " + job.user();
            }
            if (cfg.maxRunningSinglePe() > 0 && job.cores() == 1 && runningSinglePe >= cfg.maxRunningSinglePe()) {
                return "single-PE run limit " + cfg.maxRunningSinglePe() + " reached";
            }
            if (cfg.systemCoreCeiling() > 0 && generalCoresInUse + job.cores() > cfg.systemCoreCeiling()) {
                return "system resource ceiling of " + cfg.systemCoreCeiling() + " cores reached";
            }
            return null;
        }

        /** Nodes clear of every reservation that overlaps the job's run, with their free cores now. */
        Map<String, Integer> selectGeneralNodes(PoolJob job) {
            long end = now + job.estimatedRunSeconds();
            Set<String> blocked = new HashSet<>();
            for (AdvanceReservation r : all) {
                if (r.overlaps(now, end)) {
                    blocked.addAll(r.nodes());
                }
            }
            Map<String, Integer> eligible = freeNow;
            List<String> order = nodeOrder;
            if (!blocked.isEmpty()) {
                eligible = new HashMap<>(freeNow);
                eligible.keySet().removeAll(blocked);
                order = new ArrayList<>(nodeOrder);
                order.removeAll(blocked);
            }
            return NodeSelector.select(job.resources(), eligible, order);
        }

        void start(PoolJob job, Map<String, Integer> chosen) {
            starts.add(new SchedulingPlan.Start(job.id(), chosen));
            for (Map.Entry<String, Integer> e : chosen.entrySet()) {
                freeNow.merge(e.getKey(), -e.getValue(), Integer::sum);
            }
            runningPerUser.merge(job.user(), 1, Integer::sum);
            if (job.cores() == 1) {
                runningSinglePe++;
            }
            if (job.reservationId() == null) {
                generalCoresInUse += job.cores();
            }
            reasons.remove(job.id());
        }
    }
}
