package org.doji.crm.torque;

import java.time.Clock;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.doji.crm.torque.sched.AdvanceReservation;
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
 * One scheduling pass against the server: read jobs and nodes, rebuild the table from the reservations
 * and running jobs, decide with the scheduling core, and start the jobs placed at "now" — with
 * {@code qrun -H} (QRUN mode) or, where qrun does not exist, by releasing held jobs ({@code qrls}) after
 * pinning their nodes (HOLD_RELEASE mode). In HOLD_RELEASE mode every waiting job Doji has not released
 * is kept held, so the server's own scheduler never starts it first.
 */
public final class TorqueSchedulerPass {

    private static final Logger LOG = LoggerFactory.getLogger(TorqueSchedulerPass.class);

    /** What one pass did. */
    public record Report(long now, List<String> started, List<String> held, Map<String, String> waitReasons,
                  List<String> errors) {
    }

    private final TorqueClient client;
    private final TorqueProperties props;
    private final SchedulingCore core;
    private final Clock clock;
    /** HOLD_RELEASE: jobs Doji released and jobs Doji holds (the wrappers show both as Q). */
    private final Set<String> released = new HashSet<>();
    /** HOLD_RELEASE: where released jobs were sent, counted as running until the server shows them so. */
    private final Map<String, RunningJob> releasedTo = new java.util.HashMap<>();
    private final Set<String> heldByDoji = new HashSet<>();

    TorqueSchedulerPass(TorqueClient client, TorqueProperties props, Clock clock) {
        this.client = client;
        this.props = props;
        this.core = new SchedulingCore(props.scheduler().toConfig());
        this.clock = clock;
    }

    synchronized Report run(List<AdvanceReservation> reservations) {
        long now = clock.instant().getEpochSecond();
        List<TorqueJob> jobs = client.jobs();
        List<TorqueNode> nodes = client.nodes();
        List<String> errors = new ArrayList<>();
        List<NodeInfo> nodeInfos = new ArrayList<>();
        for (TorqueNode n : nodes) {
            nodeInfos.add(new NodeInfo(n.name(), n.np(), n.up()));
        }
        List<RunningJob> running = new ArrayList<>();
        List<PoolJob> pool = new ArrayList<>();
        Set<String> present = new HashSet<>();
        boolean holdRelease = props.mode() == TorqueProperties.Mode.HOLD_RELEASE;
        for (TorqueJob j : jobs) {
            present.add(j.id());
            long wall = j.walltimeSeconds() > 0 ? j.walltimeSeconds() : props.defaultWalltime().getSeconds();
            if (j.running()) {
                long start = j.startTime() > 0 ? j.startTime() : now;
                running.add(new RunningJob(j.id(), j.user(), j.coresByNode(), start, start + wall,
                        j.reservationHandle()));
                released.remove(j.id());
                releasedTo.remove(j.id());
                heldByDoji.remove(j.id());
            } else if (j.waiting() && releasedTo.containsKey(j.id())) {
                running.add(releasedTo.get(j.id()));
            } else if (j.waiting() && !released.contains(j.id()) && inPool(j, holdRelease)) {
                try {
                    pool.add(new PoolJob(j.id(), j.user(), ResourceExpression.parse(j.resources()), wall,
                            j.queuedTime() > 0 ? j.queuedTime() : now, jobClass(j.user()), j.reservationHandle()));
                } catch (IllegalArgumentException e) {
                    errors.add(j.id() + ": unreadable resource request " + j.resources() + ": " + e.getMessage());
                }
            }
        }
        released.retainAll(present);
        releasedTo.keySet().retainAll(released);
        heldByDoji.retainAll(present);
        SchedulingPlan plan = core.plan(new ClusterSnapshot(now, nodeInfos, running, reservations, pool));
        List<String> held = new ArrayList<>();
        if (holdRelease) {
            Set<String> starting = new HashSet<>();
            plan.starts().forEach(s -> starting.add(s.jobId()));
            for (PoolJob p : pool) {
                if (!heldByDoji.contains(p.id()) && !starting.contains(p.id()) && act(errors, () -> client.hold(p.id()))) {
                    heldByDoji.add(p.id());
                    held.add(p.id());
                }
            }
        }
        List<String> started = new ArrayList<>();
        for (SchedulingPlan.Start s : plan.starts()) {
            boolean ok;
            if (holdRelease) {
                ok = (!props.pinNodes() || act(errors, () -> client.pin(s.jobId(), s.coresByNode())))
                        && act(errors, () -> client.release(s.jobId()));
                if (ok) {
                    released.add(s.jobId());
                    heldByDoji.remove(s.jobId());
                    PoolJob p = byId(pool, s.jobId());
                    releasedTo.put(s.jobId(), new RunningJob(p.id(), p.user(), s.coresByNode(), now,
                            now + p.estimatedRunSeconds(), p.reservationId()));
                }
            } else {
                ok = act(errors, () -> client.run(s.jobId(), s.coresByNode()));
            }
            if (ok) {
                started.add(s.jobId());
                LOG.info("started job {} on {}", s.jobId(), s.coresByNode());
            }
        }
        if (!errors.isEmpty()) {
            LOG.warn("scheduling pass at {}: {}", now, errors);
        }
        return new Report(now, started, held, plan.waitReasons(), errors);
    }

    private static PoolJob byId(List<PoolJob> pool, String id) {
        for (PoolJob p : pool) {
            if (p.id().equals(id)) {
                return p;
            }
        }
        throw new IllegalStateException("started job " + id + " is not in the pool");
    }

    /** QRUN: queued jobs (H = someone else's hold). HOLD_RELEASE: queued jobs and those Doji holds. */
    private boolean inPool(TorqueJob j, boolean holdRelease) {
        return j.state() == 'Q' || (holdRelease && j.state() == 'H' && heldByDoji.contains(j.id()));
    }

    private JobClass jobClass(String user) {
        String c = props.scheduler().userClasses().get(user);
        return c == null ? JobClass.GENERAL : JobClass.valueOf(c.toUpperCase(Locale.ROOT));
    }

    /** Runs one command; a failure is recorded and the pass goes on with the other jobs. */
    private static boolean act(List<String> errors, java.util.function.BooleanSupplier action) {
        try {
            return action.getAsBoolean();
        } catch (TorqueCommandException e) {
            errors.add(e.getMessage());
            return false;
        }
    }

    /** Forget that a job was released (after a requeue it waits again, held). */
    synchronized void requeued(String jobId) {
        released.remove(jobId);
        releasedTo.remove(jobId);
        if (props.mode() == TorqueProperties.Mode.HOLD_RELEASE) {
            heldByDoji.add(jobId);
        }
    }
}
