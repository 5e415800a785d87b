package org.doji.grc.coallocation;

import java.time.Clock;
import java.time.Instant;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.doji.grc.model.CoAllocation;
import org.doji.grc.model.CoAllocationEvent;
import org.doji.grc.model.CoAllocationState;
import org.doji.grc.model.CoRequest;
import org.doji.grc.model.PlanningOutcome;
import org.doji.grc.planning.CoPlanning;
import org.doji.grc.planning.PlanningIntake;
import org.doji.grc.registry.RmRegistry;
import org.doji.grc.store.CoAllocationStore;
import org.doji.grc.tx.Transaction;
import org.doji.grc.tx.TransactionDriver;
import org.doji.grc.tx.TransactionEngine;
import org.doji.grc.tx.ReplicaLocks;
import org.doji.rm.api.Caller;
import org.doji.rm.fault.DojiException;
import org.doji.rm.ledger.CallLedger;
import org.doji.rm.util.JsonCodec;
import org.doji.rm.util.TimeOrderedKeys;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;

/**
 * The GRC's facade for its users: validates and stores a request (durable before its EPR is returned), plans
 * and reserves it asynchronously ({@link PlanningIntake}, then {@link CoAllocationReserver}), and modifies and
 * cancels with two-phase commit ({@link CoAllocationModifier}, {@link CoAllocationCanceller}). Every change to the
 * RMs is a transaction of the one {@link TransactionEngine}.
 */
public class CoAllocationService {

    private static final Logger log = LoggerFactory.getLogger(CoAllocationService.class);

    private final CoAllocationStore store;
    private final RmRegistry registry;
    private final RequestValidator validator;
    private final Clock clock;
    /** Sorted by creation time: so are the call ids an RM stores for this GRC's calls, which begin with the key. */
    private final TimeOrderedKeys keys;
    private final JsonCodec hashes = new JsonCodec();
    private final CoPlanning planning;
    private final PlanningIntake intake;
    private final CoAllocationModifier modifier;
    private final CoAllocationCanceller canceller;
    private final PartLoss partLoss;
    private final TransactionDriver driver;
    /** Across the replicas, the changes (modify, cancel) asked of one co-allocation are serialised ("change:" + key). */
    private final ReplicaLocks locks;

    /** Wired by {@link CoAllocationAssembly}. */
    CoAllocationService(CoAllocationStore store, RmRegistry registry, RequestValidator validator, Clock clock,
                        TimeOrderedKeys keys, CoPlanning planning, PlanningIntake intake, CoAllocationModifier modifier,
                        CoAllocationCanceller canceller, PartLoss partLoss, TransactionDriver driver, ReplicaLocks locks) {
        this.store = store;
        this.registry = registry;
        this.validator = validator;
        this.clock = clock;
        this.keys = keys;
        this.planning = planning;
        this.intake = intake;
        this.modifier = modifier;
        this.canceller = canceller;
        this.partLoss = partLoss;
        this.driver = driver;
        this.locks = locks;
    }

    /** Validates and stores the request, starts planning, and returns the new key at once. */
    public String create(Caller caller, String correlationId, CoRequest request, String consumer) {
        return create(caller, correlationId, request, consumer, Set.of());
    }

    /**
     * As {@link #create(Caller, String, CoRequest, String)}, the consumer (if any) notified only of the states in
     * {@code notifyOn} (empty: of every change).
     */
    public String create(Caller caller, String correlationId, CoRequest request, String consumer,
                         Set<CoAllocationState> notifyOn) {
        String callId = CallLedger.callId("", caller, correlationId);
        String hash = notifyOn.isEmpty() ? hashes.hash(request, consumer)
                : hashes.hash(request, consumer, new java.util.TreeSet<>(notifyOn));
        Optional<String> previous = store.ledger().repeated(callId, correlationId, "createCoAllocation", hash);
        if (previous.isPresent()) {
            return previous.get();
        }
        validator.validate(request, registry.knownSites());
        if (consumer != null) {
            org.doji.grc.notify.ConsumerEndpoint.of(consumer); // refused as a Subscribe's consumer would be
        } else if (!notifyOn.isEmpty()) {
            throw DojiException.invalidField("notifyOn", "NOTIFY_ON_WITHOUT_CONSUMER",
                    "notifyOn names the states a consumer is notified of; no consumer was given");
        }
        String key = keys.next();
        String stored = store.create(key, caller.name(), consumer, notifyOn, request, callId, hash);
        if (!stored.equals(key)) {
            // the same call arrived twice at once and the other one was stored first: answer as a repeat
            return store.ledger().repeated(callId, correlationId, "createCoAllocation", hash).orElse(stored);
        }
        log.info("co-allocation {} accepted for {}", key, caller.name());
        intake.submit(key);
        return key;
    }

    /** Dry run: the ranked plans for a request, nothing reserved. */
    public PlanningOutcome plan(Caller caller, CoRequest request) {
        validator.validate(request, registry.knownSites());
        return planning.plan(request, caller.name());
    }

    public CoAllocation get(Caller caller, String key) {
        CoAllocation c = store.find(key).orElseThrow(() -> DojiException.unknown(key));
        if (!c.owner().equals(caller.name())) {
            // the same answer as for a key that does not exist: another user learns nothing of it
            throw DojiException.unknown(key);
        }
        return c;
    }

    public List<CoAllocation> list(Caller caller, Set<CoAllocationState> states, Instant from, Instant to, int max) {
        return store.byOwner(caller.name()).stream()
                .filter(c -> states.isEmpty() || states.contains(c.state()))
                .filter(c -> from == null || c.plan() == null || c.plan().window().end().isAfter(from))
                .filter(c -> to == null || c.plan() == null || c.plan().window().start().isBefore(to))
                .limit(max).toList();
    }

    /**
     * Replaces the request of a reserved co-allocation, replanned and applied with two-phase commit at every RM;
     * on refusal the co-allocation is unchanged. A repeat with the same correlation id and request gets the
     * co-allocation as it is, or the same refusal (a late copy of a refused call must not modify it after all); the
     * same id with another request is refused.
     */
    public CoAllocation modify(Caller caller, String key, String correlationId, CoRequest request) {
        String callId = CallLedger.callId("modify:" + key, caller, correlationId);
        CoAllocation current = get(caller, key);
        String hash = hashes.hash(request);
        if (store.ledger().repeated(callId, correlationId, "modify", hash).isPresent()) {
            return get(caller, key);
        }
        validator.validate(request, registry.knownSites(), current.request().time().earliestStart());
        return changing(key, () -> store.ledger().repeated(callId, correlationId, "modify", hash).isPresent()
                ? get(caller, key) // the same call arrived twice at once: the other one modified it
                : refusalsRecorded(callId, hash, key,
                        () -> modifier.modify(get(caller, key), request, () -> store.recordCall(callId, hash, key))));
    }

    /**
     * Two-phase cancellation at every RM; Cancelling until every RM has acknowledged, then Cancelled. A repeat with
     * the same correlation id gets the co-allocation as it is, or the same refusal.
     */
    public CoAllocation cancel(Caller caller, String key, String correlationId) {
        String callId = CallLedger.callId("cancel:" + key, caller, correlationId);
        get(caller, key);
        String hash = hashes.hash(key);
        if (store.ledger().repeated(callId, correlationId, "cancel", hash).isPresent()) {
            return get(caller, key);
        }
        return changing(key, () -> store.ledger().repeated(callId, correlationId, "cancel", hash).isPresent()
                ? get(caller, key)
                : refusalsRecorded(callId, hash, key, () -> {
                    CoAllocation c = canceller.cancel(caller, get(caller, key));
                    store.recordCall(callId, hash, key);
                    return c;
                }));
    }

    /** Runs a change; a refusal for what it asked is recorded, so a repeat of the call is refused the same way. */
    private CoAllocation refusalsRecorded(String callId, String hash, String key,
                                          java.util.function.Supplier<CoAllocation> change) {
        try {
            return change.get();
        } catch (DojiException e) {
            if (CallLedger.recordable(e)) {
                store.recordRefusal(callId, hash, key, e);
            }
            throw e;
        }
    }

    /**
     * An RM reported that {@code reservationKey}, a part of co-allocation {@code key}, failed after the commit: every
     * part is released and the co-allocation ends Failed ({@link PartLoss}; the RM is asked first). Returns whether
     * this GRC has a co-allocation of that key (else the part may be a child's of a reservation at its RM port).
     */
    public boolean partFailed(String key, String reservationKey) {
        Optional<CoAllocation> found = store.find(key);
        found.ifPresent(c -> changing(key, () -> {
            partLoss.partFailed(store.find(key).orElse(c), reservationKey);
            return null;
        }));
        return found.isPresent();
    }

    private CoAllocation changing(String key, java.util.function.Supplier<CoAllocation> change) {
        MDC.put("coAllocation", key);
        try {
            return locks.withLock("change:" + key, change);
        } finally {
            MDC.remove("coAllocation");
        }
    }

    public void destroy(Caller caller, String key) {
        CoAllocation c = get(caller, key);
        if (!c.state().isFinal()) {
            throw DojiException.illegalTransition(c.state().name(), "Destroy");
        }
        store.delete(key);
    }

    /**
     * WS-ResourceLifetime's scheduled termination: when the co-allocation's record is forgotten once it has ended
     * (null: kept for the retention). One that has not ended may not be forgotten before its window ends.
     */
    public Instant setTerminationTime(Caller caller, String key, Instant requested) {
        CoAllocation c = get(caller, key);
        if (requested != null && !c.state().isFinal()
                && (c.plan() == null || requested.isBefore(c.plan().window().end()))) {
            throw DojiException.invalidField("RequestedTerminationTime", "TERMINATION_BEFORE_END",
                    "the co-allocation is " + c.state() + "; its record cannot be forgotten before it ends"
                            + (c.plan() == null ? "" : " at " + c.plan().window().end()));
        }
        store.update(key, change -> change.setTerminationTime(requested));
        return requested;
    }

    /** Moves reserved co-allocations to Active and Completed as their window passes. */
    public void tick() {
        Instant now = clock.instant();
        // only those whose window has begun: reading every future booking each tick grew with the bookings
        for (CoAllocation c : store.startedBy(EnumSet.of(CoAllocationState.Reserved, CoAllocationState.Active), now)) {
            if (c.plan() == null) {
                continue;
            }
            try {
                if (!now.isBefore(c.plan().window().end())) {
                    store.transition(c.key(), CoAllocationEvent.END, r -> { });
                } else if (c.state() == CoAllocationState.Reserved && !now.isBefore(c.plan().window().start())) {
                    store.transition(c.key(), CoAllocationEvent.START, r -> { });
                }
            } catch (DojiException e) {
                log.debug("co-allocation {} changed meanwhile: {}", c.key(), e.getMessage()); // a change began; next tick
            }
        }
    }

    /**
     * What the previous process left unfinished: its undecided changes. Read before the GRC serves, so that nothing a
     * request starts since is mistaken for it (those are claimed by their workers anyway: see {@link #recover}).
     */
    public record LeftBehind(List<Transaction> undecided) {
        public LeftBehind {
            undecided = List.copyOf(undecided);
        }
    }

    public LeftBehind leftBehind() {
        return new LeftBehind(driver.undecidedAtStart());
    }

    /**
     * After a restart (once the GRC serves: the RMs' answers may take time): every undecided change left behind that
     * no live replica works on is aborted (presumed abort) and every decided one driven to its end
     * ({@link TransactionDriver#recover}); then the co-allocations no live replica plans or reserves are
     * {@link #adoptOrphans adopted}.
     */
    public void recover(LeftBehind left) {
        driver.recover(left.undecided());
        adoptOrphans();
    }

    /**
     * Plans here what a dead replica (or this one's previous process) left in Planning or Reserving: a co-allocation
     * interrupted between two reservation attempts, or waiting in that replica's planning queue. Periodic.
     */
    public void adoptOrphans() {
        int adopted = intake.adopt();
        if (adopted > 0) {
            log.info("{} co-allocation(s) left by another replica (or an earlier process) planned here", adopted);
        }
    }
}
