package org.doji.crm.torque;

import java.time.Clock;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.doji.rm.model.Allocation;
import org.doji.rm.model.LifecycleState;
import org.doji.rm.spi.BackendInventory;
import org.doji.rm.spi.LiveState;
import org.doji.rm.spi.ReservationContext;
import org.doji.rm.spi.ResourceBackend;
import org.doji.crm.batch.BatchSite;
import org.doji.crm.batch.CommandRunner;
import org.doji.crm.batch.LiveStateCache;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Compute RM for TORQUE by scheduler replacement (DESIGN §7). TORQUE cannot bind a queue to nodes, so
 * Doji takes the scheduler's place: it reads jobs and nodes, decides with the scheduling core, and starts
 * jobs on chosen nodes. A committed reservation's handle (returned in the allocation) is what users put
 * on their jobs ({@code qsub -A HANDLE}, or {@code -l advres=HANDLE}); those jobs run only inside the
 * reservation's window and nodes, all other jobs are backfilled around it. At a reservation's start,
 * ordinary jobs still running on its nodes are requeued; at its end, its jobs still running are deleted.
 *
 * <p>The server's own scheduler must be off ({@code qmgr -c 'set server scheduling = False'}): Doji starts
 * every job itself with {@code qrun -H}.
 */
public class TorqueBackend implements ResourceBackend {

    private static final Logger LOG = LoggerFactory.getLogger(TorqueBackend.class);

    private final TorqueProperties props;
    private final TorqueClient client;
    private final ReservationBook book;
    private final TorqueSchedulerPass pass;
    private final BatchSite site;
    private final LiveStateCache live;

    public TorqueBackend(TorqueProperties props, CommandRunner runner, Clock clock, String domain) {
        this.props = props;
        this.client = new TorqueClient(runner, props);
        this.site = new BatchSite(props.site(), props.unitPrice(), "torque", domain);
        this.book = new ReservationBook(props.reservationAccountPrefix(), site);
        this.pass = new TorqueSchedulerPass(client, props, clock);
        this.live = new LiveStateCache("TORQUE", this::readLiveState, props.liveStateTtl());
    }

    @Override
    public String name() {
        return "torque";
    }

    @Override
    public BackendInventory inventory() {
        return site.inventory(client.nodes().stream().map(n -> new BackendInventory.Node(n.name(), n.np())).toList());
    }

    /** Cached for {@code live-state-ttl}. */
    @Override
    public LiveState liveState() {
        return live.get();
    }

    private LiveState readLiveState() {
        return site.liveState(() -> client.nodes().stream().filter(n -> !n.up()).map(TorqueNode::name).toList());
    }

    @Override
    public Allocation onCommit(ReservationContext ctx) {
        return withHandles(ctx, book.put(ctx));
    }

    // no onAbort: a hold records nothing (the book is written at commit), and the abort of a modify must keep
    // the committed reservation in the book

    @Override
    public void onStart(ReservationContext ctx) {
        ReservationBook.Entry e = book.put(ctx);
        if (e == null) {
            LOG.warn("reservation {} starts but has no nodes at site {}", ctx.key(), props.site());
        } else {
            preemptOrdinaryJobs(e);
        }
        TorqueSchedulerPass.Report r = schedule();
        LOG.info("reservation {} ({}) started: jobs started {}, waiting {}", ctx.key(),
                e == null ? "-" : e.handle(), r.started(), r.waitReasons());
    }

    @Override
    public void onEnd(ReservationContext ctx) {
        ReservationBook.Entry e = book.remove(ctx.key());
        if (e != null) {
            deleteRunningJobsOf(e.handle());
        }
        schedule();
    }

    @Override
    public void onCancel(ReservationContext ctx) {
        ReservationBook.Entry e = book.remove(ctx.key());
        if (e != null && ctx.lifecycle() == LifecycleState.Active) {
            deleteRunningJobsOf(e.handle());
        }
        schedule();
    }

    /**
     * As on Grid Engine: the handle stays; while the reservation is active, ordinary jobs on nodes it gains
     * are requeued, and its own jobs on nodes it loses are requeued to restart on the nodes it keeps.
     */
    @Override
    public Allocation onModify(ReservationContext before, ReservationContext after) {
        ReservationBook.Entry old = book.remove(before.key());
        ReservationBook.Entry now = book.put(after);
        if (after.lifecycle() == LifecycleState.Active) {
            Set<String> gained = now == null ? Set.of() : new HashSet<>(now.reservation().nodes());
            Set<String> lost = old == null ? new HashSet<>() : new HashSet<>(old.reservation().nodes());
            if (old != null) {
                gained.removeAll(old.reservation().nodes());
            }
            if (now != null) {
                lost.removeAll(now.reservation().nodes());
            }
            String handle = now != null ? now.handle() : old == null ? null : old.handle();
            for (TorqueJob j : client.jobs()) {
                boolean own = handle != null && handle.equals(j.reservationHandle());
                Set<String> on = j.coresByNode().keySet();
                if (j.running() && (own ? on.stream().anyMatch(lost::contains) : on.stream().anyMatch(gained::contains))) {
                    LOG.info("reservation {} modified while active: requeueing job {} from {}", handle, j.id(), on);
                    client.requeue(j.id());
                }
            }
            schedule();
        }
        return withHandles(after, now);
    }

    @Override
    public void reconcile(List<ReservationContext> expected) {
        book.replaceAll(expected);
        LOG.info("reconciled {} reservation(s) from the kernel", expected.size());
    }

    /** One scheduling pass now (also run periodically by {@link TorqueSchedulerDriver}). */
    public TorqueSchedulerPass.Report schedule() {
        return pass.run(book.reservations());
    }

    /** The handle users submit with for the reservation with this key (null if unknown here). */
    public String handleOf(String key) {
        ReservationBook.Entry e = book.get(key);
        return e == null ? null : e.handle();
    }

    private Allocation withHandles(ReservationContext ctx, ReservationBook.Entry e) {
        return e == null ? ctx.allocation() : site.withHandle(ctx, e.handle());
    }

    /** DESIGN §5: ordinary jobs still on the reservation's nodes at its start are requeued elsewhere. */
    private void preemptOrdinaryJobs(ReservationBook.Entry e) {
        Set<String> nodes = new HashSet<>(e.reservation().nodes());
        for (TorqueJob j : client.jobs()) {
            if (j.running() && !e.handle().equals(j.reservationHandle())
                    && j.coresByNode().keySet().stream().anyMatch(nodes::contains)) {
                LOG.info("reservation {} starts: requeueing job {} from {}", e.handle(), j.id(), j.coresByNode());
                client.requeue(j.id());
            }
        }
    }

    private void deleteRunningJobsOf(String handle) {
        for (TorqueJob j : client.jobs()) {
            if (j.running() && handle.equals(j.reservationHandle())) {
                LOG.info("reservation {} is over: deleting its job {}", handle, j.id());
                client.delete(j.id());
            }
        }
    }
}
