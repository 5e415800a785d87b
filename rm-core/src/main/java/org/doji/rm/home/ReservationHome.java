package org.doji.rm.home;

import java.time.Instant;
import java.util.Optional;
import java.util.function.Supplier;
import org.doji.rm.api.Caller;
import org.doji.rm.fault.DojiException;
import org.doji.rm.ledger.CallLedger;

/**
 * The reservations behind one RM port, one home per kind of reservation (as UNICORE's {@code Home} is for its
 * WS-Resources): the RM kernel's own and those a parent coordinator makes at the GRC's RM port. The rules every RM
 * port applies to its reservations are written here once; a kind says only how it locks, undoes, finds, stores and
 * releases its reservations.
 *
 * <ul>
 * <li>A mutating {@linkplain #call call}: under the call's lock, a repeat (same caller and correlation id) gets the
 * first call's answer and changes nothing ({@link CallLedger}); a new call changes its reservation under that
 * reservation's lock and is stored with its answer. A refusal that depends on the state is stored too, so a late copy
 * is refused the same way. Whatever the call changed in memory is taken back if it or its write fails.</li>
 * <li>A {@linkplain #change change} without a call (a driver step, a lifecycle moved by time): the same lock and
 * undo, without the ledger.</li>
 * <li>The {@linkplain #owned owner check}: another caller's reservation is answered as unknown.</li>
 * <li>WS-ResourceLifetime {@linkplain #destroy Destroy} and {@linkplain #setTerminationTime SetTerminationTime}, with
 * the one rule of a termination time.</li>
 * </ul>
 *
 * @param <R> a stored reservation of this kind
 * @param <C> what a mutating call yields: the reservation it changed, or its key
 * @param <A> a call's answer, as the ledger keeps it for a repeat
 */
public abstract class ReservationHome<R, C, A> {

    /** What one mutation changed in memory, so that it can be taken back when the mutation or its write fails. */
    protected interface Undo {
        /** The change is durable: keep it. */
        void keep();

        /** The change failed: take back what it changed in memory. */
        void undo();

        /** The mutation is over (kept or undone). */
        default void close() {
        }

        /** For a kind whose reservations live in its database only: nothing in memory to take back. */
        Undo NONE = new Undo() {
            @Override
            public void keep() {
            }

            @Override
            public void undo() {
            }
        };
    }

    private final String ledgerScope;

    /** @param ledgerScope the scope of this kind's calls in the call ledger (may be empty) */
    protected ReservationHome(String ledgerScope) {
        this.ledgerScope = ledgerScope;
    }

    /** Runs {@code body} under the lock that serialises the copies of one call (two copies never both run). */
    protected abstract <T> T withCallLock(String callId, Supplier<T> body);

    /** Runs {@code body} under the lock of one reservation. */
    protected abstract <T> T withLock(String key, Supplier<T> body);

    /** Starts recording what a mutation changes in memory. */
    protected abstract Undo beginUndo();

    protected abstract Optional<R> find(String key);

    protected abstract String owner(R r);

    protected abstract CallLedger ledger();

    /** A repeated call's answer, from what the ledger recorded. */
    protected abstract A recordedAnswer(String recorded);

    /** Stores what a new call changed together with its answer (durable before it returns); returns the answer. */
    protected abstract A save(C changed, String callId, String operation, String payloadHash);

    /**
     * Records that the call was refused for the state of {@code subject} (null: a call that would have made a new
     * reservation), so that a repeat is refused the same way.
     */
    protected abstract void saveRefusal(String callId, String operation, String payloadHash, String subject,
                                        DojiException refusal);

    /** Releases everything the reservation holds, at once, and forgets it (Destroy). */
    protected abstract void release(Caller caller, R r);

    /** When the reservation ends, or null while it has no window yet. */
    protected abstract Instant end(R r);

    /** Whether the reservation is over (a final lifecycle state). */
    protected abstract boolean finished(R r);

    /** Stores the reservation's new termination time (null: never), durable before it returns. */
    protected abstract void saveTerminationTime(R r, Instant terminationTime);

    /**
     * A mutating call: a repeat gets the first answer; a new call runs {@code mutation} (under the lock of
     * {@code subject}, the reservation it changes; null for a call that makes a new one) and is stored with its answer.
     */
    public final A call(Caller caller, String correlationId, String operation, String payloadHash, String subject,
                        Supplier<C> mutation) {
        String callId = CallLedger.callId(ledgerScope, caller, correlationId);
        return withCallLock(callId, () -> undoable(() -> {
            Optional<String> previous = ledger().repeated(callId, correlationId, operation, payloadHash);
            if (previous.isPresent()) {
                return recordedAnswer(previous.get());
            }
            C changed;
            try {
                changed = subject == null ? mutation.get() : withLock(subject, mutation);
            } catch (DojiException refused) {
                if (CallLedger.recordable(refused)) {
                    // a repeat (a late copy of this call) is refused the same way, even if it could act by then
                    saveRefusal(callId, operation, payloadHash, subject, refused);
                }
                throw refused; // what the mutation changed in memory is taken back by undoable
            }
            return save(changed, callId, operation, payloadHash);
        }));
    }

    /** A change of one reservation without a call (durable within {@code body}); undone in memory if it fails. */
    public final <T> T change(String key, Supplier<T> body) {
        return withLock(key, () -> undoable(body));
    }

    /** Runs {@code body} and keeps what it changed in memory; memory must not run ahead of the database, so a
     * failure takes it back. */
    private <T> T undoable(Supplier<T> body) {
        Undo undo = beginUndo();
        try {
            T result = body.get();
            undo.keep();
            return result;
        } catch (RuntimeException e) {
            undo.undo();
            throw e;
        } finally {
            undo.close();
        }
    }

    /** The caller's reservation; another caller's is answered as unknown, as a key that does not exist. */
    public final R owned(Caller caller, String key) {
        R r = find(key).orElseThrow(() -> DojiException.unknown(key));
        if (!owner(r).equals(caller.name())) {
            // the same answer as for a key that does not exist: another user learns nothing of it
            throw DojiException.unknown(key);
        }
        return r;
    }

    /** WS-ResourceLifetime Destroy: the caller's reservation released at once (one phase) and forgotten. */
    public final void destroy(Caller caller, String key) {
        change(key, () -> {
            release(caller, owned(caller, key));
            return null;
        });
    }

    /**
     * WS-ResourceLifetime SetTerminationTime: when the record of the caller's reservation is forgotten once it is over
     * (null: never). A reservation that is not over may not be forgotten before it ends.
     */
    public final Instant setTerminationTime(Caller caller, String key, Instant requested) {
        return withLock(key, () -> {
            R r = owned(caller, key);
            Instant end = end(r);
            if (requested != null && end != null && requested.isBefore(end) && !finished(r)) {
                throw DojiException.invalidField("requestedTerminationTime", "TERMINATION_BEFORE_END",
                        "the record cannot be forgotten before the reservation ends at " + end);
            }
            saveTerminationTime(r, requested);
            return requested;
        });
    }
}
