package org.doji.crm.torque;

import org.doji.crm.batch.CommandFailedException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.BooleanSupplier;
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
 * and running jobs, decide with the scheduling core, and start the jobs placed at "now" with
 * {@code qrun -H}. Only queued jobs (state Q) enter the pool: a held job (H) is its owner's or an
 * operator's to release, and qrun would start it regardless of the hold.
 */
public final class TorqueSchedulerPass {

    private static final Logger LOG = LoggerFactory.getLogger(TorqueSchedulerPass.class);

    /** What one pass did. */
    public record Report(long now, List<String> started, Map<String, String> waitReasons, List<String> errors) {
    }

    private final TorqueClient client;
    private final TorqueProperties props;
    private final SchedulingCore core;
    private final Clock clock;

    TorqueSchedulerPass(TorqueClient client, TorqueProperties props, Clock clock) {
        this.client = client;
        this.props = props;
        this.core = new SchedulingCore(props.scheduler().toConfig());
        this.clock = clock;
    }

    synchronized Report run(List<AdvanceReservation> reservations) {
        long now = clock.instant().getEpochSecond();
        List<TorqueJob> jobs = client.jobs();
        List<NodeInfo> nodes = new ArrayList<>();
        for (TorqueNode n : client.nodes()) {
            nodes.add(new NodeInfo(n.name(), n.np(), n.up()));
        }
        List<String> errors = new ArrayList<>();
        List<RunningJob> running = new ArrayList<>();
        List<PoolJob> pool = new ArrayList<>();
        for (TorqueJob j : jobs) {
            long wall = j.walltimeSeconds() > 0 ? j.walltimeSeconds() : props.defaultWalltime().getSeconds();
            if (j.running()) {
                long start = j.startTime() > 0 ? j.startTime() : now;
                running.add(new RunningJob(j.id(), j.user(), j.coresByNode(), start, start + wall,
                        j.reservationHandle()));
            } else if (j.state() == 'Q') {
                try {
                    pool.add(new PoolJob(j.id(), j.user(), ResourceExpression.parse(j.resources()), wall,
                            j.queuedTime() > 0 ? j.queuedTime() : now, jobClass(j.user()), j.reservationHandle()));
                } catch (IllegalArgumentException e) {
                    errors.add(j.id() + ": unreadable resource request " + j.resources() + ": " + e.getMessage());
                }
            }
        }
        SchedulingPlan plan = core.plan(new ClusterSnapshot(now, nodes, running, reservations, pool));
        List<String> started = new ArrayList<>();
        for (SchedulingPlan.Start s : plan.starts()) {
            if (act(errors, () -> client.run(s.jobId(), s.coresByNode()))) {
                started.add(s.jobId());
                LOG.info("started job {} on {}", s.jobId(), s.coresByNode());
            }
        }
        if (!errors.isEmpty()) {
            LOG.warn("scheduling pass at {}: {}", now, errors);
        }
        return new Report(now, started, plan.waitReasons(), errors);
    }

    private JobClass jobClass(String user) {
        String c = props.scheduler().userClasses().get(user);
        return c == null ? JobClass.GENERAL : JobClass.valueOf(c.toUpperCase(Locale.ROOT));
    }

    /** Runs one command; a failure is recorded and the pass goes on with the other jobs. */
    private static boolean act(List<String> errors, BooleanSupplier action) {
        try {
            return action.getAsBoolean();
        } catch (CommandFailedException e) {
            errors.add(e.getMessage());
            return false;
        }
    }
}
