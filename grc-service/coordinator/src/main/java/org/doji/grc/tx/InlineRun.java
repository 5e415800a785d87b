package org.doji.grc.tx;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.BiConsumer;
import org.doji.rm.state.ReservationStateMachine.Decision;

/**
 * A coordinated change run by its owner's thread, as one unit of the engine's steps: stored, prepared
 * everywhere, decided (commit only if every participant holds its part safely inside its hold timeout), and
 * phase two pushed for a moment before the driver takes over. The subject's bookkeeping of each step is stored
 * with it.
 */
public final class InlineRun {

    /** Observes the steps after each is durable (metrics, crash-point tests). */
    public interface Observer {
        default void begun(Transaction t) {
        }

        default void prepared(Transaction t) {
        }

        default void decided(Transaction t) {
        }

        Observer NONE = new Observer() { };
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

    /** Runs {@code fresh} (not stored yet) under its owner's lock. */
    public Ran run(Transaction fresh, Runnable onBegin, BiConsumer<Transaction, Decision> onDecide, Observer observer) {
        return engine.owning(fresh.id(), () -> {
            Transaction t = engine.begin(fresh, onBegin);
            observer.begun(t);
            Transaction prepared = engine.prepare(t);
            observer.prepared(prepared);
            Optional<String> unsafe = engine.whyNotCommit(prepared);
            Decision decision = unsafe.isEmpty() ? Decision.COMMITTED : Decision.ABORTED;
            String reason = unsafe.map(w -> refusals(prepared).isEmpty() ? w : refusals(prepared)).orElse(null);
            Transaction decided = engine.decide(prepared, decision, reason, () -> onDecide.accept(prepared, decision));
            observer.decided(decided);
            return new Ran(decision, reason, engine.complete(decided, phaseTwoInline));
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
