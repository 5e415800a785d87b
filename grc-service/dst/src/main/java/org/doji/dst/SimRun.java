package org.doji.dst;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.doji.grc.persistence.CoAllocationRecord;
import org.doji.rm.kernel.RmSettings;
import org.doji.rm.model.PendingChange;
import org.doji.rm.spi.BackendInventory;
import org.doji.rm.util.SettableClock;

/**
 * One seeded run: the grid built (each process on its own database), users at work while faults are injected, then
 * the faults stop and the grid is left to settle; then the checker reads every participant's rows. Everything
 * random comes from the seed, and everything runs in one thread, so a seed replays exactly.
 */
final class SimRun {

    static final Instant T0 = Instant.parse("2030-01-01T00:00:00Z");
    /** How long the grid may take to settle once the faults stop before that is a violation. */
    static final Duration SETTLE_LIMIT = Duration.ofHours(2);

    private final SimConfig config;
    private final Scheduler scheduler;
    private final FaultPlan faults;
    private final Network network;
    private final Nodes nodes = new Nodes();
    private final Map<String, BackendInventory> inventories = SimGrid.inventories();
    private final StorageFactory storages;
    private GrcNode top;
    private Workload workload;
    private int crashes;

    SimRun(SimConfig config) {
        this.config = config;
        this.scheduler = new Scheduler(new SettableClock(T0), new Trace(config.trace()));
        this.faults = new FaultPlan(config.seed(), config.rates());
        this.network = new Network(scheduler, faults);
        this.storages = config.storage().factory(config.seed(), scheduler);
        scheduler.onDown(this::restartLater);
    }

    SimResult run() {
        long wall0 = System.nanoTime();
        ErrorLog errors = new ErrorLog(scheduler);
        errors.attach();
        try {
            build();
            nodes.all().forEach(n -> n.start(faults.skew()));
            workload = new Workload(scheduler, network, top, faults.random(), config.users(), config.operations(),
                    config.meanGap());
            workload.start();
            faults.on(true);
            scheduleCrash();
            schedulePartition();
            while (!workload.allIssued() && scheduler.step(Instant.MAX)) {
                // the faulty period: until every operation was issued
            }
            Instant quiet = stopFaults();
            Duration settled = settle(quiet);
            List<Checker.Violation> violations = check();
            if (settled == null) {
                violations.add(0, new Checker.Violation("e never settled", null, "not settled " + SETTLE_LIMIT
                        + " after the last fault: " + unsettled(), Set.of()));
            }
            return new SimResult(config, workload.issued(), workload.acks.size(), workload.refused, workload.unanswered(),
                    workload.resent, new LinkedHashMap<>(faults.counts()), crashes, scheduler.events(),
                    scheduler.trace().hex(), settled, violations, scheduler.internalErrors() + errors.count(),
                    scheduler.firstInternalError() != null ? scheduler.firstInternalError() : errors.first(),
                    (System.nanoTime() - wall0) / 1_000_000, trail(violations));
        } finally {
            errors.detach();
            nodes.all().forEach(n -> n.storage().close());
            storages.close();
        }
    }

    private void build() {
        List<RmHost> all = new ArrayList<>();
        Map<String, List<RmHost>> byDomain = new LinkedHashMap<>();
        inventories.forEach((id, inventory) -> {
            RmNode rm = new RmNode(id, inventory, RmSettings.defaults(id), storages.rm(id), scheduler, network, nodes, faults);
            nodes.add(rm);
            all.add(rm);
            byDomain.computeIfAbsent(inventory.domain(), d -> new ArrayList<>()).add(rm);
        });
        GrcNode.Settings settings = GrcNode.Settings.standard();
        if (config.hierarchy()) {
            List<RmHost> children = new ArrayList<>();
            byDomain.forEach((domain, rms) -> {
                String id = "grc-" + domain.toLowerCase();
                GrcNode child = new GrcNode(id, rms, storages.grc(id), settings, scheduler, network, nodes, faults);
                nodes.add(child);
                children.add(child);
            });
            top = new GrcNode("grc", children, storages.grc("grc"), settings, scheduler, network, nodes, faults);
        } else {
            top = new GrcNode("grc", all, storages.grc("grc"), settings, scheduler, network, nodes, faults);
        }
        nodes.add(top);
    }

    private void restartLater(SimNode n) {
        Duration down = faults.on() ? faults.downtime() : Duration.ofSeconds(1);
        scheduler.after(down, null, "restart " + n.id(), () -> {
            if (!n.up()) {
                n.start(faults.skew());
            }
        });
    }

    private void scheduleCrash() {
        if (config.rates().meanBetweenCrashes() == null) {
            return;
        }
        scheduler.after(faults.exponential(config.rates().meanBetweenCrashes()), null, "crash", () -> {
            if (!faults.on()) {
                return;
            }
            List<SimNode> all = nodes.all();
            SimNode victim = all.get(faults.random().nextInt(all.size()));
            if (victim.reachable()) {
                faults.counted(FaultPlan.Kind.CRASH);
                scheduler.crash(victim, "at random");
            }
            scheduleCrash();
        });
    }

    private void schedulePartition() {
        if (config.rates().meanBetweenPartitions() == null) {
            return;
        }
        scheduler.after(faults.exponential(config.rates().meanBetweenPartitions()), null, "partition", () -> {
            if (!faults.on()) {
                return;
            }
            List<GrcNode> grcs = nodes.grcs();
            GrcNode a = grcs.get(faults.random().nextInt(grcs.size()));
            RmHost b = a.children().get(faults.random().nextInt(a.children().size()));
            network.partition(a, b.node(), scheduler.now().plus(Duration.ofSeconds(5 + faults.random().nextInt(175))));
            schedulePartition();
        });
    }

    /** Faults end: the network heals, every process that is down starts again a second later. */
    private Instant stopFaults() {
        faults.on(false);
        network.healAll();
        crashes = faults.counts().getOrDefault(FaultPlan.Kind.CRASH, 0)
                + faults.counts().getOrDefault(FaultPlan.Kind.CRASH_IN_CALL, 0)
                + faults.counts().getOrDefault(FaultPlan.Kind.CALLER_CRASH, 0)
                + faults.counts().getOrDefault(FaultPlan.Kind.CRASH_AT_COMMIT, 0);
        for (SimNode n : nodes.all()) {
            if (!n.up()) {
                restartLater(n);
            }
        }
        scheduler.trace().note("faults stop");
        return scheduler.now();
    }

    /** Runs until everything settled (checked every 10 s of virtual time); how long that took, or null. */
    private Duration settle(Instant quiet) {
        Instant limit = quiet.plus(SETTLE_LIMIT);
        Instant check = quiet;
        while (!scheduler.now().isAfter(limit)) {
            check = check.plusSeconds(10);
            scheduler.runUntil(check);
            if (unsettled().isEmpty()) {
                return Duration.between(quiet, scheduler.now());
            }
        }
        return null;
    }

    /** What is not settled yet (empty: everything is). */
    private String unsettled() {
        List<String> out = new ArrayList<>();
        if (!workload.allAnswered()) {
            out.add(workload.unanswered() + " calls unanswered");
        }
        for (SimNode n : nodes.all()) {
            if (!n.up()) {
                out.add(n.id() + " down");
            }
        }
        if (!out.isEmpty()) {
            return String.join(", ", out);
        }
        for (GrcNode g : nodes.grcs()) {
            int tx = g.storage().unfinishedTransactions();
            if (tx > 0) {
                out.add(g.id() + ": " + tx + " transactions unfinished");
            }
            long busy = g.storage().coAllocationRows().stream().filter(c -> !c.getState().isSettled()).count();
            if (busy > 0) {
                out.add(g.id() + ": " + busy + " co-allocations not settled");
            }
            long held = g.storage().delegatedRows().stream().filter(r -> r.getPendingChange() != PendingChange.None).count();
            if (held > 0) {
                out.add(g.id() + ": " + held + " RM-port changes held");
            }
        }
        for (RmNode r : nodes.rms()) {
            long held = r.storage().rows().stream().filter(x -> x.getPendingChange() != PendingChange.None).count();
            if (held > 0) {
                out.add(r.id() + ": " + held + " changes held");
            }
        }
        return String.join(", ", out);
    }

    private List<Checker.Violation> check() {
        Map<String, List<StoredRows.Part>> leaves = new LinkedHashMap<>();
        nodes.rms().forEach(r -> leaves.put(r.id(), r.storage().rows().stream().map(x -> StoredRows.of(r.id(), x)).toList()));
        Map<String, List<StoredRows.Part>> children = new LinkedHashMap<>();
        nodes.grcs().stream().filter(g -> g != top).forEach(g -> children.put(g.id(),
                g.storage().delegatedRows().stream().map(x -> StoredRows.of(g.id(), x)).toList()));
        List<CoAllocationRecord> coAllocations = top.storage().coAllocationRows();
        return new ArrayList<>(new Checker().check(leaves, inventories, children, coAllocations, workload.acks));
    }

    /** With the trace recorded: its lines that name the first violation's co-allocation or reservations. */
    private List<String> trail(List<Checker.Violation> violations) {
        if (violations.isEmpty() || !scheduler.trace().recording()) {
            return List.of();
        }
        Checker.Violation v = violations.get(0);
        Set<String> needles = new LinkedHashSet<>(v.keys());
        if (v.coAllocation() != null) {
            needles.add(v.coAllocation());
        }
        return scheduler.trace().linesNaming(needles);
    }
}
