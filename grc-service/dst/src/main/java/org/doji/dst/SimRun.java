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
            scheduleLinkFailure();
            while (!workload.allIssued() && scheduler.step(Instant.MAX)) {
                // the faulty period: until every operation was issued
            }
            Instant quiet = stopFaults();
            Duration settled = settle(quiet);
            List<Checker.Violation> violations = check();
            if (settled != null && violations.isEmpty()) {
                violations.addAll(cancelEverything());
            }
            if (settled == null) {
                violations.addAll(0, failedParts());
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

    /**
     * A link of a network RM goes down for a while (its reservations over it are routed around or fail, and the
     * co-allocations holding a failed part are released), then comes back.
     */
    private void scheduleLinkFailure() {
        if (config.rates().meanBetweenLinkFailures() == null) {
            return;
        }
        scheduler.after(faults.exponential(config.rates().meanBetweenLinkFailures()), null, "link failure", () -> {
            if (!faults.on()) {
                return;
            }
            List<RmNode> networks = nodes.rms().stream().filter(r -> !r.inventory().links().isEmpty()).toList();
            RmNode nrm = networks.get(faults.random().nextInt(networks.size()));
            var links = nrm.inventory().links();
            String link = links.get(faults.random().nextInt(links.size())).id();
            faults.counted(FaultPlan.Kind.LINK_DOWN);
            scheduler.trace().note("link down " + nrm.id() + " " + link);
            nrm.link(link, true);
            scheduler.after(Duration.ofSeconds(10 + faults.random().nextInt(290)), null, "link up", () -> {
                scheduler.trace().note("link up " + nrm.id() + " " + link);
                nrm.link(link, false);
            });
            scheduleLinkFailure();
        });
    }

    /** Faults end: the network heals, every process that is down starts again a second later. */
    private Instant stopFaults() {
        faults.on(false);
        network.healAll();
        nodes.rms().forEach(r -> List.copyOf(r.downLinks()).forEach(l -> r.link(l, false)));
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
        // a part that failed after its commit (a link down, no other path) is released with its co-allocation, on the
        // RM's notification or at the latest by the GRC's next part audit
        List<Checker.Violation> failed = failedParts();
        if (!failed.isEmpty()) {
            out.add(failed.size() + " failed parts of live co-allocations, first " + failed.get(0));
        }
        return String.join(", ", out);
    }

    /**
     * The parts a Reserved or Active co-allocation lists (down through the child GRCs' reservations) that failed after
     * their commit: each is released with its co-allocation, on its RM's notification or by the next part audit.
     */
    private List<Checker.Violation> failedParts() {
        Map<String, Map<String, StoredRows.Part>> parts = new LinkedHashMap<>();
        nodes.rms().forEach(r -> r.storage().rows().forEach(x -> parts.computeIfAbsent(r.id(), k -> new LinkedHashMap<>())
                .put(x.getKey(), StoredRows.of(r.id(), x))));
        nodes.grcs().stream().filter(g -> g != top).forEach(g -> g.storage().delegatedRows().forEach(x -> parts
                .computeIfAbsent(g.id(), k -> new LinkedHashMap<>()).put(x.getKey(), StoredRows.of(g.id(), x))));
        List<Checker.Violation> out = new ArrayList<>();
        for (CoAllocationRecord c : top.storage().coAllocationRows()) {
            if (c.getState() == org.doji.grc.model.CoAllocationState.Reserved
                    || c.getState() == org.doji.grc.model.CoAllocationState.Active) {
                StoredRows.outcomes(c.getOutcomesJson()).forEach(o -> failedBelow(c.getKey(), o[0], o[1], parts, out));
            }
        }
        return out;
    }

    private static void failedBelow(String co, String holder, String key, Map<String, Map<String, StoredRows.Part>> parts,
                                    List<Checker.Violation> out) {
        StoredRows.Part p = parts.getOrDefault(holder, Map.of()).get(key);
        if (p == null) {
            return;
        }
        if (p.lifecycle() == org.doji.rm.model.LifecycleState.Failed) {
            out.add(new Checker.Violation("e never settled", co, "its part " + p.describe() + " failed and it is still live",
                    Set.of(key)));
            return;
        }
        p.parts().forEach(q -> failedBelow(co, q[0], q[1], parts, out));
    }

    private List<Checker.Violation> check() {
        return checkWith(workload.acks);
    }

    private List<Checker.Violation> checkWith(List<Workload.Ack> acks) {
        Map<String, List<StoredRows.Part>> leaves = new LinkedHashMap<>();
        nodes.rms().forEach(r -> leaves.put(r.id(), r.storage().rows().stream().map(x -> StoredRows.of(r.id(), x)).toList()));
        Map<String, List<StoredRows.Part>> children = new LinkedHashMap<>();
        nodes.grcs().stream().filter(g -> g != top).forEach(g -> children.put(g.id(),
                g.storage().delegatedRows().stream().map(x -> StoredRows.of(g.id(), x)).toList()));
        List<CoAllocationRecord> coAllocations = top.storage().coAllocationRows();
        return new ArrayList<>(new Checker().check(leaves, inventories, children, coAllocations, acks));
    }

    /**
     * (f) Nothing is stuck: once settled, every Reserved or Active co-allocation can still be cancelled by its owner,
     * and afterwards nothing of it is left anywhere (a change left pending or timed out at an RM must not block it).
     */
    private List<Checker.Violation> cancelEverything() {
        List<Checker.Violation> stuck = new ArrayList<>();
        scheduler.trace().note("cancelling everything");
        for (CoAllocationRecord c : top.storage().coAllocationRows()) {
            if (c.getState() != org.doji.grc.model.CoAllocationState.Reserved
                    && c.getState() != org.doji.grc.model.CoAllocationState.Active) {
                continue;
            }
            try {
                network.call(null, top, "final cancel " + c.getKey(), () -> top.service()
                        .cancel(org.doji.rm.api.Caller.user(c.getOwner()), c.getKey(), "final-" + c.getKey()));
            } catch (org.doji.rm.fault.DojiException e) {
                stuck.add(new Checker.Violation("f stuck", c.getKey(), "its owner cannot cancel it: " + e.errorCode()
                        + " " + e.getMessage(), Set.of()));
            }
        }
        if (settle(scheduler.now()) == null) {
            stuck.add(new Checker.Violation("f stuck", null, "not settled after cancelling everything: " + unsettled(),
                    Set.of()));
            return stuck;
        }
        for (Checker.Violation v : checkWith(List.of())) {
            stuck.add(new Checker.Violation("f stuck", v.coAllocation(), "after cancelling everything: " + v, v.keys()));
        }
        for (CoAllocationRecord c : top.storage().coAllocationRows()) {
            if (c.getState() == org.doji.grc.model.CoAllocationState.Reserved
                    || c.getState() == org.doji.grc.model.CoAllocationState.Active) {
                stuck.add(new Checker.Violation("f stuck", c.getKey(), "still " + c.getState() + " after its cancel",
                        Set.of()));
            }
        }
        return stuck;
    }

    /** With the trace recorded: its lines that name the first violation's co-allocation or reservations. */
    private List<String> trail(List<Checker.Violation> violations) {
        if (violations.isEmpty() || !scheduler.trace().recording()) {
            return List.of();
        }
        Checker.Violation v = violations.stream().filter(x -> x.coAllocation() != null).findFirst().orElse(violations.get(0));
        Set<String> needles = new LinkedHashSet<>(v.keys());
        if (v.coAllocation() != null) {
            needles.add(v.coAllocation());
            // every reservation held for it, at the RMs and at the child GRCs' RM ports
            nodes.rms().forEach(r -> r.storage().rows().stream().filter(x -> v.coAllocation().equals(x.getGlobalId()))
                    .forEach(x -> needles.add(x.getKey())));
            nodes.grcs().stream().filter(g -> g != top).forEach(g -> g.storage().delegatedRows().stream()
                    .filter(x -> v.coAllocation().equals(StoredRows.globalIdOf(x))).forEach(x -> needles.add(x.getKey())));
        }
        return scheduler.trace().linesNaming(needles);
    }
}
