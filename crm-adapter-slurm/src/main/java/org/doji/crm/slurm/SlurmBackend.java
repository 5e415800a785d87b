package org.doji.crm.slurm;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;
import org.doji.crm.batch.BatchSite;
import org.doji.crm.batch.CommandFailedException;
import org.doji.crm.batch.CommandRunner;
import org.doji.crm.batch.LiveStateCache;
import org.doji.rm.model.Allocation;
import org.doji.rm.model.LifecycleState;
import org.doji.rm.spi.BackendInventory;
import org.doji.rm.spi.LiveState;
import org.doji.rm.spi.ReservationContext;
import org.doji.rm.spi.ResourceBackend;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Compute RM over Slurm's own advance reservations. The kernel chooses the nodes (PluS node choice); at
 * commit the backend creates a Slurm reservation with exactly those nodes, the window and the users (or
 * accounts), named {@code PREFIX + key}: that name is the handle users submit with
 * ({@code sbatch --reservation=NAME}), and Slurm itself keeps other jobs off the nodes during the window.
 * Modify updates it, cancel and end cancel its jobs and delete it. At the start, jobs still running on its
 * nodes outside it are requeued (DESIGN §5). After a restart, Slurm's reservations are reconciled with the
 * kernel's: missing ones created, drifted ones updated, unknown ones with the prefix deleted.
 */
public class SlurmBackend implements ResourceBackend {

    private static final Logger LOG = LoggerFactory.getLogger(SlurmBackend.class);

    private final SlurmProperties props;
    private final SlurmClient client;
    private final Clock clock;
    private final BatchSite site;
    private final LiveStateCache live;
    private final Predicate<String> knownUser;
    /** Reservations whose unknown users were logged already (one WARN line each, not one per reconcile). */
    private final Set<String> warnedUnknown = ConcurrentHashMap.newKeySet();

    public SlurmBackend(SlurmProperties props, CommandRunner runner, Clock clock, String domain) {
        this(props, runner, clock, domain, SlurmBackend::isLocalUser);
    }

    /** As above; {@code knownUser} tells the names slurmctld can resolve (users of this host) from the others. */
    public SlurmBackend(SlurmProperties props, CommandRunner runner, Clock clock, String domain,
                        Predicate<String> knownUser) {
        this.knownUser = knownUser;
        this.props = props;
        this.client = new SlurmClient(runner, props);
        this.clock = clock;
        this.site = new BatchSite(props.site(), props.unitPrice(), "slurm", domain);
        this.live = new LiveStateCache("Slurm", this::readLiveState, props.liveStateTtl());
    }

    @Override
    public String name() {
        return "slurm";
    }

    @Override
    public BackendInventory inventory() {
        return site.inventory(client.nodes().stream().map(n -> new BackendInventory.Node(n.name(), n.cpus())).toList());
    }

    /** Cached for {@code live-state-ttl}. */
    @Override
    public LiveState liveState() {
        return live.get();
    }

    private LiveState readLiveState() {
        return site.liveState(() -> client.nodes().stream().filter(n -> !n.up()).map(SlurmNode::name).toList());
    }

    @Override
    public Allocation onCommit(ReservationContext ctx) {
        SlurmReservation want = wanted(ctx);
        if (want == null) {
            return ctx.allocation();
        }
        try {
            client.create(want);
        } catch (CommandFailedException e) {
            // a commit retried after a crash finds its reservation made already (one command when it is not)
            SlurmReservation have = find(want.name());
            if (have == null) {
                throw e;
            }
            update(have, want);
        }
        LOG.info("reservation {} committed as Slurm reservation {} on {}", ctx.key(), want.name(), want.nodes());
        return site.withHandle(ctx, want.name());
    }

    @Override
    public void onStart(ReservationContext ctx) {
        SlurmReservation want = wanted(ctx);
        if (want == null) {
            return;
        }
        if (find(want.name()) == null) {
            LOG.warn("Slurm reservation {} missing at its start; creating it", want.name());
            client.create(starting(want));
        }
        requeueOthers(want, want.nodes());
    }

    @Override
    public void onEnd(ReservationContext ctx) {
        release(ctx);
    }

    @Override
    public void onCancel(ReservationContext ctx) {
        release(ctx);
    }

    /** The handle stays; while active, other jobs on nodes it gains are requeued. */
    @Override
    public Allocation onModify(ReservationContext before, ReservationContext after) {
        SlurmReservation want = wanted(after);
        if (want == null) {
            release(before);
            return after.allocation();
        }
        boolean active = after.lifecycle() == LifecycleState.Active;
        SlurmReservation have = find(want.name());
        if (have == null) {
            client.create(active ? starting(want) : want);
        } else {
            update(have, want);
        }
        if (active) {
            List<String> gained = new ArrayList<>(want.nodes());
            SlurmReservation old = wanted(before);
            if (old != null) {
                gained.removeAll(old.nodes());
            }
            requeueOthers(want, gained);
        }
        return site.withHandle(after, want.name());
    }

    @Override
    public void reconcile(List<ReservationContext> expected) {
        Map<String, SlurmReservation> want = new HashMap<>();
        for (ReservationContext ctx : expected) {
            SlurmReservation r = wanted(ctx);
            if (r != null && !ctx.lifecycle().isFinal() && r.end().isAfter(clock.instant())) {
                want.put(r.name(), ctx.lifecycle() == LifecycleState.Active ? starting(r) : r);
            }
        }
        Map<String, SlurmReservation> have = new HashMap<>();
        client.reservations().forEach(r -> have.put(r.name(), r));
        for (SlurmReservation r : have.values()) {
            if (!want.containsKey(r.name())) {
                LOG.info("reconcile: deleting Slurm reservation {}, unknown to the kernel", r.name());
                client.cancelJobsOf(r.name());
                client.delete(r.name());
            }
        }
        for (SlurmReservation r : want.values()) {
            SlurmReservation h = have.get(r.name());
            if (h == null) {
                LOG.info("reconcile: creating missing Slurm reservation {}", r.name());
                client.create(r);
            } else if (!matches(h, r)) {
                LOG.info("reconcile: Slurm reservation {} drifted ({}); restoring {}", r.name(), h, r);
                update(h, r);
            }
        }
        LOG.info("reconciled {} reservation(s) with Slurm ({} found)", want.size(), have.size());
    }

    private void update(SlurmReservation have, SlurmReservation want) {
        client.update(want, !have.start().isAfter(clock.instant()));
    }

    /** Only start, end, nodes and users are Doji's; an active reservation's start may have been moved to "now". */
    private static boolean matches(SlurmReservation have, SlurmReservation want) {
        return have.nodes().equals(want.nodes()) && have.users().equals(want.users()) && have.end().equals(want.end())
                && (have.start().equals(want.start()) || !have.start().isAfter(want.start()));
    }

    /** The Slurm reservation name users submit with, for the reservation with this key. */
    public String handleFor(String key) {
        return props.reservationPrefix() + key.replaceAll("[^A-Za-z0-9_.-]", "");
    }

    private void release(ReservationContext ctx) {
        String name = handleFor(ctx.key());
        client.cancelJobsOf(name);
        if (client.delete(name)) {
            LOG.info("Slurm reservation {} deleted", name);
        }
    }

    private void requeueOthers(SlurmReservation r, List<String> nodes) {
        List<String> others = client.runningJobsOn(nodes, r.name());
        if (!others.isEmpty()) {
            LOG.info("reservation {} holds {}: requeueing jobs {}", r.name(), nodes, others);
            client.requeue(others);
        }
    }

    private SlurmReservation find(String name) {
        return client.reservations().stream().filter(r -> r.name().equals(name)).findFirst().orElse(null);
    }

    /** What Slurm should hold for this reservation (null when it has no nodes at this site). */
    private SlurmReservation wanted(ReservationContext ctx) {
        List<String> nodes = site.nodesOf(ctx);
        if (nodes.isEmpty()) {
            return null;
        }
        List<String> users = ctx.users().isEmpty() ? props.defaultUsers() : slurmUsers(ctx);
        return new SlurmReservation(handleFor(ctx.key()), nodes, ctx.spec().window().start(), ctx.spec().window().end(),
                users);
    }

    /**
     * The reservation's users that Slurm can resolve. Slurm refuses a whole reservation naming one user unknown to
     * its host ("Invalid user id"), such as the coordinator's service name among the users a request admits; such a
     * name is left out as long as someone named is left to use it (else Slurm's refusal stands).
     */
    private List<String> slurmUsers(ReservationContext ctx) {
        List<String> known = ctx.users().stream().filter(knownUser).toList();
        if (known.isEmpty() || known.size() == ctx.users().size()) {
            return ctx.users();
        }
        if (warnedUnknown.add(ctx.key())) {
            LOG.warn("{} not users of this host: left out of the users of Slurm reservation {}",
                    ctx.users().stream().filter(u -> !known.contains(u)).toList(), handleFor(ctx.key()));
        }
        return known;
    }

    /** Whether this host resolves the name as a user (through the system's user database, as slurmctld does). */
    static boolean isLocalUser(String name) {
        try {
            java.nio.file.FileSystems.getDefault().getUserPrincipalLookupService().lookupPrincipalByName(name);
            return true;
        } catch (java.io.IOException | UnsupportedOperationException e) {
            return false;
        }
    }

    /** Slurm cannot move an active reservation's start into the past: it starts now instead. */
    private SlurmReservation starting(SlurmReservation r) {
        Instant now = clock.instant();
        return r.start().isBefore(now) ? new SlurmReservation(r.name(), r.nodes(), now, r.end(), r.users()) : r;
    }

}
