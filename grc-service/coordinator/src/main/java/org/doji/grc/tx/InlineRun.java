package org.doji.grc.tx;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.doji.rm.state.ReservationStateMachine.Decision;

/**
 * A coordinated change run by its owner's thread, as one unit of the engine's steps: stored, prepared
 * everywhere, decided (commit only if every participant holds its part safely inside its hold timeout), and
 * phase two pushed for a moment before the driver takes over. The subject's bookkeeping of each step is stored
 * with it ({@link Steps}).
 */
public final class InlineRun {

    private static final org.slf4j.Logger log = org.slf4j.LoggerFactory.getLogger(InlineRun.class);

    /**
     * The owner's side of its run, the one seam between the engine and the subject while the owner drives it: what
     * the subject stores with the transaction's first write and with its decision (same database transaction), and
     * what it observes after each step is durable (metrics, crash-point tests). What the engine does without the
     * owner (the end of phase two, an abort after a restart) is the subject's {@link TransactionSubject}.
     */
    public interface Steps {
        /** Stored with the new transaction, before any participant is asked. */
        default void beginning(Transaction t) {
        }

        /** Stored with the decision. */
        default void deciding(Transaction t, Decision decision) {
        }

        /** The transaction is stored; the prepares are about to go out. */
        default void begun(Transaction t) {
        }

        /** Every prepare has been answered; the decision is about to be stored. */
        default void prepared(Transaction t) {
        }

        /** The decision is stored; phase two is about to start. */
        default void decided(Transaction t) {
        }

        Steps NONE = new Steps() { };
    }

    /**
     * @param decision what was decided
     * @param reason   why it was aborted (each refusing RM, or why a commit was not safe); null when committed
     * @param left     the transaction as stored if phase two is not finished yet (the driver completes it)
     */
    public record Ran(Decision decision, String reason, Optional<Transaction> left) {
        public boolean committed() {
            return decision == Decision.COMMITTED;
        }
    }

    private final TransactionEngine engine;
    private final Duration phaseTwoInline;

    /** @param phaseTwoInline how long the owner's thread pushes phase two before leaving it to the driver */
    public InlineRun(TransactionEngine engine, Duration phaseTwoInline) {
        this.engine = engine;
        this.phaseTwoInline = phaseTwoInline;
    }

    public TransactionEngine engine() {
        return engine;
    }

    /** How long an owner pushes phase two itself. */
    public Duration phaseTwoInline() {
        return phaseTwoInline;
    }

    /** Runs {@code fresh} (not stored yet) under its owner's lock, with the subject's {@code steps}. */
    public Ran run(Transaction fresh, Steps steps) {
        return engine.owning(fresh.id(), () -> {
            Transaction t = engine.begin(fresh, () -> steps.beginning(fresh));
            steps.begun(t);
            Transaction prepared = engine.prepare(t);
            steps.prepared(prepared);
            Optional<String> unsafe = engine.whyNotCommit(prepared);
            Decision decision = unsafe.isEmpty() ? Decision.COMMITTED : Decision.ABORTED;
            String reason = unsafe.map(w -> refusals(prepared).isEmpty() ? w : refusals(prepared)).orElse(null);
            Transaction decided = engine.decide(prepared, decision, reason, () -> steps.deciding(prepared, decision));
            steps.decided(decided);
            try {
                return new Ran(decision, reason, engine.complete(decided, phaseTwoInline));
            } catch (TransactionLog.ConcurrentChangeException e) {
                // the decision is stored: whoever has the transaction now (another replica, once this one's lease ran
                // out) completes that decision, so it is the answer, not "changed meanwhile, nothing written"
                log.info("{} changed meanwhile after its decision ({}): its new owner completes it", decided.id(), decision);
                return new Ran(decision, reason, Optional.of(decided));
            }
        });
    }

    /** Each refusing (or silent) RM with its error code and message. */
    public static String refusals(Transaction t) {
        List<String> out = new ArrayList<>();
        t.participants().stream().filter(p -> p.outcome() != null && p.outcome().errorCode() != null)
                .forEach(p -> out.add(p.rmId() + " refused (" + p.outcome().errorCode() + "): " + p.outcome().message()));
        return String.join("; ", out);
    }
}
