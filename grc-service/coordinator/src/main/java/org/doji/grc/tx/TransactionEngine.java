package org.doji.grc.tx;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.function.Function;
import java.util.function.Supplier;
import org.doji.rm.fault.FaultKind;
import org.doji.rm.state.ReservationStateMachine.Decision;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;

/**
 * The one two-phase commit engine of the GRC (DESIGN §4), for every coordinated change: a co-allocation's
 * reservation attempt, modification and cancellation, the GRC's RM port, and the simulation. The transaction
 * is durable before phase one ({@link #begin}), the decision before phase two ({@link #decide}); phase two is
 * pushed until every participant acknowledges ({@link #complete} in the caller's thread for a moment, then
 * {@link TransactionDriver} with capped exponential back-off, without limit, across restarts). A commit is
 * decided only well inside every participant's hold timeout ({@link #whyNotCommit}); a participant whose hold
 * expired anyway is prepared again, and if its part cannot be had again every part is released
 * (compensation): never a partial booking.
 */
public final class TransactionEngine {

    private static final Logger LOG = LoggerFactory.getLogger(TransactionEngine.class);
    /** Times one part is prepared again after its hold expired before the change gives up (and releases everything). */
    static final int MAX_ROUNDS = 3;

    /** Waits between phase-two passes in the caller's thread; injectable so tests do not wait in real time. */
    public interface Sleeper {
        void sleep(Duration d) throws InterruptedException;
    }

    private final TransactionLog log;
    private final ParticipantCalls calls;
    private final PhaseTwo phaseTwo;
    private final Map<SubjectType, TransactionSubject> subjects = new ConcurrentHashMap<>();
    private final Executor rmCalls;
    private final Clock clock;
    private final Duration firstBackoff;
    private final Duration maxBackoff;
    private final Sleeper sleeper;
    /** Who works on a transaction: this process's threads and the other replicas' (key "tx:" + id). */
    private final ReplicaLocks locks;
    /** Holds an RM reported expired ("rm/key"), so an undecided change is not committed on them. */
    private final Set<String> expiredHolds = ConcurrentHashMap.newKeySet();

    /** One GRC alone: only in-JVM locks guard its transactions. */
    public TransactionEngine(TransactionLog log, ParticipantCalls calls, Executor rmCalls, Clock clock,
                             Duration firstBackoff, Duration maxBackoff, Sleeper sleeper) {
        this(log, calls, rmCalls, clock, firstBackoff, maxBackoff, sleeper, ReplicaLocks.local());
    }

    /** @param locks who works on what, across the replicas sharing this GRC's database */
    public TransactionEngine(TransactionLog log, ParticipantCalls calls, Executor rmCalls, Clock clock,
                             Duration firstBackoff, Duration maxBackoff, Sleeper sleeper, ReplicaLocks locks) {
        this.locks = locks;
        this.log = log;
        this.calls = calls;
        this.phaseTwo = new PhaseTwo(calls, clock);
        this.rmCalls = rmCalls;
        this.clock = clock;
        this.firstBackoff = firstBackoff;
        this.maxBackoff = maxBackoff;
        this.sleeper = sleeper;
    }

    /** Registers the bookkeeping of a kind of subject (before any of its transactions is driven). */
    public void register(SubjectType type, TransactionSubject subject) {
        subjects.put(type, subject);
    }

    public TransactionLog log() {
        return log;
    }

    public ParticipantCalls calls() {
        return calls;
    }

    /** The locks of this GRC's work (transactions, co-allocations, RM-port reservations), across its replicas. */
    public ReplicaLocks locks() {
        return locks;
    }

    /**
     * Runs {@code work} as the transaction's only worker, here and at every other replica (the drivers leave it
     * alone meanwhile; another replica takes it over only once this one's lease ran out).
     */
    public <T> T owning(String transactionId, Supplier<T> work) {
        return locks.withLock("tx:" + transactionId, work);
    }

    /** Runs {@code work} if no other thread (of any live replica) works on the transaction now; returns whether it ran. */
    boolean tryOwning(String transactionId, Runnable work) {
        return locks.tryWithLock("tx:" + transactionId, work);
    }

    /** Stores a prepared transaction that waits, undecided, for its decision (a parent's, at the GRC's RM port). */
    public Transaction remember(Transaction t) {
        return log.save(t, () -> { });
    }

    /** Stores the new transaction (and the subject's change) before any participant is asked. */
    public Transaction begin(Transaction t, Runnable alongside) {
        return log.save(t, alongside);
    }

    /** Phase one at every participant not prepared yet, in parallel; the result is not stored (decide next). */
    public Transaction prepare(Transaction t) {
        return parallel(t, p -> {
            if (p.phaseOne() == PhaseOne.PREPARED || p.done()) {
                return p;
            }
            Instant sent = clock.instant();
            Answer a = calls.prepare(t.id(), p);
            if (a.refused(FaultKind.INVALID_STATE_TRANSITION) && p.step() != Step.RESERVE && p.key() != null) {
                a = afterStaleChange(t, p, a);
            }
            if (a.ok()) {
                return p.prepared(a.view().key(), sent.plus(calls.directory().holdTimeout(p.rmId())), a.outcome(p.outcome()));
            }
            return p.refused(a.outcome(p.outcome()), a.refused());
        });
    }

    /**
     * The RM refused to change the part because a change nobody decides any more is pending there, or timed out
     * there unacknowledged: a late copy of the prepare of a change that was aborted meanwhile (its coordinator had no
     * answer and aborted before the copy arrived). The changes of one reservation are serialised here, so no live
     * change owns it: it is aborted, and the part prepared again under a fresh id. Without this, the reservation could
     * never be changed or cancelled again.
     */
    private Answer afterStaleChange(Transaction t, Participant p, Answer refused) {
        Answer cleared = calls.abort(t.id(), p, "abort-stale");
        if (!cleared.ok()) {
            return refused;
        }
        LOG.info("{}: {} held a stale change of {} (a late copy of an aborted prepare); aborted it, preparing again",
                t.id(), p.rmId(), p.key());
        return calls.prepare(t.id(), p, "again");
    }

    /**
     * Why the prepared transaction must not be committed now (empty: it may): a participant refused or did not
     * answer, or a hold ends too soon for phase two to reach it safely, or an RM said it expired.
     */
    public Optional<String> whyNotCommit(Transaction t) {
        Instant now = clock.instant();
        for (Participant p : t.participants()) {
            if (p.phaseOne() != PhaseOne.PREPARED) {
                return Optional.of(p.rmId() + " is not prepared");
            }
            if (expiredHolds.contains(p.rmId() + "/" + p.key())) {
                return Optional.of(p.rmId() + " reported its hold of " + p.key() + " expired");
            }
            if (p.holdDeadline() != null && !now.plus(margin(p.rmId())).isBefore(p.holdDeadline())) {
                return Optional.of(p.rmId() + "'s hold ends at " + p.holdDeadline() + ", too soon to commit safely");
            }
        }
        return Optional.empty();
    }

    /** Phase two must reach an RM this long before its hold ends: a quarter of its hold timeout, at most 10 s. */
    private Duration margin(String rmId) {
        Duration quarter = calls.directory().holdTimeout(rmId).dividedBy(4);
        return quarter.compareTo(Duration.ofSeconds(10)) > 0 ? Duration.ofSeconds(10) : quarter;
    }

    /**
     * Stores the decision (and the subject's change) before phase two. Fails with
     * {@link TransactionLog.ConcurrentChangeException} if the transaction changed meanwhile (e.g. it was aborted
     * without its owner).
     */
    public Transaction decide(Transaction t, Decision d, String why, Runnable alongside) {
        return log.save(t.decided(d, why).scheduled(clock.instant(), 0), alongside);
    }

    /**
     * Phase two in the caller's thread for up to {@code budget}, with back-off between passes; what is left then
     * is the driver's. Returns the transaction as stored, or empty once it finished.
     */
    public Optional<Transaction> complete(Transaction t, Duration budget) {
        Instant until = clock.instant().plus(budget);
        Optional<Transaction> left = pass(t);
        while (left.isPresent() && clock.instant().plus(backoff(left.get().tries())).isBefore(until)) {
            try {
                sleeper.sleep(backoff(left.get().tries()));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
            left = pass(left.get());
        }
        return left;
    }

    /**
     * One phase-two step of every participant not done, in parallel. A participant whose hold is gone starts a
     * new round (stored before it is prepared again); one that cannot be had again turns the transaction into a
     * compensation. Finishes the transaction (with the subject's final change) once every participant is done.
     */
    Optional<Transaction> pass(Transaction t) {
        List<PhaseTwo.Progress> steps = new ArrayList<>();
        Transaction after = parallelProgress(t, steps);
        boolean broken = steps.stream().anyMatch(s -> s.signal() == PhaseTwo.Signal.BROKEN);
        boolean again = steps.stream().anyMatch(s -> s.signal() == PhaseTwo.Signal.REPREPARE);
        if (broken && !after.compensating()) {
            String why = steps.stream().filter(s -> s.signal() == PhaseTwo.Signal.BROKEN)
                    .map(s -> s.participant().rmId() + ": " + s.participant().outcome().message()).toList().toString();
            LOG.warn("{} cannot complete, a part cannot be had again {}; releasing every part", t.id(), why);
            after = after.compensate("a part could not be held again after its hold expired " + why)
                    .mapParticipants(Participant::reopened);
        } else if (again) {
            after = nextRounds(after, steps);
        }
        if (after.allDone()) {
            finish(after);
            return Optional.empty();
        }
        int tries = after.tries() + 1;
        return Optional.of(log.save(after.scheduled(clock.instant().plus(backoff(tries)), tries), () -> { }));
    }

    private Transaction nextRounds(Transaction t, List<PhaseTwo.Progress> steps) {
        List<String> raise = steps.stream().filter(s -> s.signal() == PhaseTwo.Signal.REPREPARE)
                .map(s -> s.participant().rmId()).toList();
        if (!t.compensating() && t.participants().stream().anyMatch(p -> raise.contains(p.rmId()) && p.round() + 1 >= MAX_ROUNDS)) {
            LOG.warn("{}: a part's hold expired {} times; releasing every part", t.id(), MAX_ROUNDS);
            return t.compensate("a part's hold expired " + MAX_ROUNDS + " times before its commit arrived")
                    .mapParticipants(Participant::reopened);
        }
        if (t.compensating()) {
            // a release starts again on the reservation it knows: preparing it again would book something new
            return t.mapParticipants(p -> raise.contains(p.rmId()) ? p.nextReleaseRound() : p);
        }
        return t.mapParticipants(p -> raise.contains(p.rmId()) ? p.nextRound() : p);
    }

    private void finish(Transaction t) {
        TransactionSubject subject = subjects.getOrDefault(t.subjectType(), TransactionSubject.NONE);
        log.remove(t, () -> subject.finished(t));
        t.participants().forEach(p -> expiredHolds.remove(p.rmId() + "/" + p.key()));
        subject.afterFinished(t);
    }

    /** Aborts an undecided transaction whose owner is gone or whose hold ran out, then drives the abort. */
    Optional<Transaction> abortWithoutOwner(Transaction t, String why) {
        TransactionSubject subject = subjects.getOrDefault(t.subjectType(), TransactionSubject.NONE);
        Transaction aborted = log.save(t.decided(Decision.ABORTED, why).scheduled(clock.instant(), 0),
                () -> subject.abortedWithoutOwner(t));
        try {
            return pass(aborted);
        } finally {
            // after the aborts went out: a co-allocation planned again must not find its own old holds in the way
            subject.afterAbortedWithoutOwner(aborted);
        }
    }

    /** An RM told us a hold expired: an undecided change will not commit on it (the driver re-drives a decided one). */
    void holdExpired(String rmId, String key) {
        expiredHolds.add(rmId + "/" + key);
    }

    Duration backoff(int tries) {
        Duration d = firstBackoff;
        for (int i = 1; i < tries && d.compareTo(maxBackoff) < 0; i++) {
            d = d.multipliedBy(2);
        }
        return d.compareTo(maxBackoff) > 0 ? maxBackoff : d;
    }

    private Transaction parallelProgress(Transaction t, List<PhaseTwo.Progress> steps) {
        List<CompletableFuture<PhaseTwo.Progress>> futures = new ArrayList<>();
        Map<String, String> mdc = MDC.getCopyOfContextMap();
        for (Participant p : t.participants()) {
            futures.add(CompletableFuture.supplyAsync(() -> withMdc(mdc, () -> phaseTwo.advance(t, p)), rmCalls));
        }
        futures.forEach(f -> steps.add(f.join()));
        return t.withParticipants(steps.stream().map(PhaseTwo.Progress::participant).toList());
    }

    private Transaction parallel(Transaction t, Function<Participant, Participant> step) {
        Map<String, String> mdc = MDC.getCopyOfContextMap();
        List<CompletableFuture<Participant>> futures = new ArrayList<>();
        for (Participant p : t.participants()) {
            futures.add(CompletableFuture.supplyAsync(() -> withMdc(mdc, () -> step.apply(p)), rmCalls));
        }
        return t.withParticipants(futures.stream().map(CompletableFuture::join).toList());
    }

    private static <T> T withMdc(Map<String, String> mdc, Supplier<T> body) {
        Map<String, String> before = MDC.getCopyOfContextMap();
        if (mdc != null) {
            MDC.setContextMap(mdc);
        }
        try {
            return body.get();
        } finally {
            if (before != null) {
                MDC.setContextMap(before);
            } else {
                MDC.clear();
            }
        }
    }
}
