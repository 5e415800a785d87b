package org.doji.grc.tx;

import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.Executor;
import org.doji.rm.model.ReservationState;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;

/**
 * Takes every transaction to its end when its owner does not: phase two of decided transactions whose
 * participants have not all acknowledged (when their back-off is due), and the abort of undecided ones whose
 * deadline passed — at a restart at once for this GRC's own changes (presumed abort), for a parent's change at
 * the GRC's RM port when its hold times out. Run {@link #driveDue} periodically; {@link #recover} once at start.
 */
public final class TransactionDriver {

    private static final Logger log = LoggerFactory.getLogger(TransactionDriver.class);

    private final TransactionEngine engine;
    private final Clock clock;
    private final Executor background;

    /** @param background runs the pass that a notification asks for (off the notifying caller's thread) */
    public TransactionDriver(TransactionEngine engine, Clock clock, Executor background) {
        this.engine = engine;
        this.clock = clock;
        this.background = background;
    }

    /**
     * This GRC's own changes left undecided by the previous process. Read before the GRC serves: a change begun
     * by a request served since must not be mistaken for one the restart interrupted.
     */
    public List<Transaction> undecidedAtStart() {
        return engine.log().unfinished().stream()
                .filter(t -> !t.decided() && t.subjectType() == SubjectType.CO_ALLOCATION).toList();
    }

    /**
     * After a restart: the changes {@link #undecidedAtStart} found are aborted (presumed abort: nobody will decide
     * them now) unless a live replica works on them, every decided one is driven again. A parent's undecided change
     * keeps its hold until its deadline.
     */
    public void recover(List<Transaction> undecidedAtStart) {
        for (Transaction t : undecidedAtStart) {
            engine.tryOwning(t.id(), () -> engine.log().find(t.id()).filter(now -> !now.decided()).ifPresent(now -> {
                log.info("recovery: {} was not decided; aborting it everywhere (presumed abort)", t.id());
                run(now, () -> engine.abortWithoutOwner(now, "not decided before the coordinator restarted"));
            }));
        }
        log.info("recovery: {} undecided change(s) aborted, {} decided one(s) to complete", undecidedAtStart.size(),
                engine.log().unfinished().stream().filter(Transaction::decided).count());
        driveDue();
    }

    /**
     * One round: every transaction whose next step is due, skipping those a worker (of this or another live
     * replica) is busy with. A change of this GRC's own that is undecided while nobody works on it lost its worker
     * (its replica died: its claim ran out with its lease) and is aborted now (presumed abort), without waiting for
     * its deadline: its worker held it from before it was stored until it was decided.
     */
    public void driveDue() {
        Instant now = clock.instant();
        for (Transaction t : engine.log().unfinished()) {
            boolean due = t.decided() ? t.nextDrive() != null && !now.isBefore(t.nextDrive())
                    : t.subjectType() == SubjectType.CO_ALLOCATION || t.decideBy() != null && !now.isBefore(t.decideBy());
            if (due) {
                engine.tryOwning(t.id(), () -> drive(t.id()));
            }
        }
    }

    /** Drives one transaction now (e.g. an RM reported a hold expired); skipped if a worker owns it. */
    public void wake(String transactionId) {
        background.execute(() -> engine.tryOwning(transactionId, () -> drive(transactionId)));
    }

    /**
     * An RM's notification that the hold of its reservation {@code key} expired. Only a hint (notifications are
     * not authenticated): the RM itself is asked; then an undecided change stops trusting that hold and a decided
     * one is driven at once (its part is prepared again).
     */
    public void holdExpired(String key) {
        for (Transaction t : engine.log().unfinished()) {
            for (Participant p : t.participants()) {
                if (!key.equals(p.key()) || p.done()) {
                    continue;
                }
                Answer now = engine.calls().get(p.rmId(), key);
                boolean expired = now.ok() && (now.view().reservationState() == ReservationState.ReserveTimeout
                        || now.view().lifecycleState().isFinal());
                if (expired) {
                    log.info("RM {} reports the hold of {} expired ({})", p.rmId(), key, t.id());
                    engine.holdExpired(p.rmId(), key);
                    if (t.decided()) {
                        wake(t.id());
                    }
                }
            }
        }
    }

    private void drive(String transactionId) {
        // read again under the lock: a worker may have finished or changed it since the list was made
        engine.log().find(transactionId).ifPresent(t -> run(t, () -> {
            if (!t.decided()) {
                String why = t.subjectType() == SubjectType.DELEGATED ? "the hold timed out before the coordinator decided"
                        : "not decided and nobody works on it; its coordinator is gone";
                return engine.abortWithoutOwner(t, why);
            }
            return engine.pass(t);
        }));
    }

    private Object run(Transaction t, java.util.function.Supplier<Object> body) {
        MDC.put("transaction", t.id());
        MDC.put("coAllocation", t.subject());
        try {
            return body.get();
        } catch (TransactionLog.ConcurrentChangeException e) {
            log.info("{} changed meanwhile; left to its new owner", t.id());
            return null;
        } catch (RuntimeException e) {
            log.error("driving {} failed; retried at the next round", t.id(), e);
            return null;
        } finally {
            MDC.remove("transaction");
            MDC.remove("coAllocation");
        }
    }
}
