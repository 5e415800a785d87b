package org.doji.rm.kernel;

import java.time.Clock;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.function.Supplier;
import org.doji.rm.api.Caller;
import org.doji.rm.calendar.ReservationCalendar;
import org.doji.rm.fault.DojiException;
import org.doji.rm.home.ReservationHome;
import org.doji.rm.ledger.CallLedger;
import org.doji.rm.model.ReservationView;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The home of the RM kernel's reservations: the open ones in memory (with the calendar), every one in the
 * {@link ReservationStore}. One write lock serialises every mutation, whichever reservation it changes: a calendar
 * decision and its record change together. What a mutation changed in memory is recorded in its {@link UndoScope}.
 */
final class KernelHome extends ReservationHome<Reservation, Reservation, ReservationView> {

    private static final Logger log = LoggerFactory.getLogger(KernelHome.class);

    private final String rmId;
    private final ReservationStore store;
    private final ReservationCalendar calendar;
    private final Map<String, Reservation> open;
    private final TwoPhaseSteps steps;
    private final RecordRetention retention;
    private final Clock clock;
    private final ReentrantReadWriteLock lock = new ReentrantReadWriteLock();
    /** The running mutation's undo information; only touched under the write lock. */
    private UndoScope scope;

    KernelHome(String rmId, ReservationStore store, ReservationCalendar calendar, Map<String, Reservation> open,
               TwoPhaseSteps steps, RecordRetention retention, Clock clock) {
        super("");
        this.rmId = rmId;
        this.store = store;
        this.calendar = calendar;
        this.open = open;
        this.steps = steps;
        this.retention = retention;
        this.clock = clock;
    }

    /** The running mutation's undo information (under the write lock, inside a call or a change). */
    UndoScope scope() {
        return scope;
    }

    /** The caller's reservation, remembered by the running mutation so a failed write can undo it. */
    Reservation touched(Caller caller, String key) {
        Reservation r = owned(caller, key);
        if (scope != null) {
            scope.touch(r);
        }
        return r;
    }

    <T> T read(Supplier<T> reader) {
        lock.readLock().lock();
        try {
            return reader.get();
        } finally {
            lock.readLock().unlock();
        }
    }

    <T> T underWriteLock(Supplier<T> mutation) {
        lock.writeLock().lock();
        try {
            return mutation.get();
        } finally {
            lock.writeLock().unlock();
        }
    }

    @Override
    protected <T> T withCallLock(String callId, Supplier<T> body) {
        return underWriteLock(body);
    }

    @Override
    protected <T> T withLock(String key, Supplier<T> body) {
        return underWriteLock(body); // reentrant: a call's own reservation is already under it
    }

    @Override
    protected Undo beginUndo() {
        UndoScope begun = new UndoScope(calendar, open);
        scope = begun;
        return new Undo() {
            @Override
            public void keep() {
                begun.keep();
            }

            @Override
            public void undo() {
                begun.undo();
            }

            @Override
            public void close() {
                scope = null;
            }
        };
    }

    @Override
    protected Optional<Reservation> find(String key) {
        Reservation r = open.get(key);
        return r != null ? Optional.of(r) : store.load(key);
    }

    @Override
    protected String owner(Reservation r) {
        return r.record.getOwner();
    }

    @Override
    protected CallLedger ledger() {
        return store.calls();
    }

    @Override
    protected ReservationView recordedAnswer(String recorded) {
        return store.decodeAnswer(recorded);
    }

    @Override
    protected ReservationView save(Reservation r, String callId, String operation, String payloadHash) {
        Instant now = now();
        r.record.setVersion(r.record.getVersion() + 1);
        r.record.setUpdated(now);
        ReservationView answer = r.view(rmId);
        store.save(r, now, callId, operation, payloadHash, answer);
        return answer;
    }

    @Override
    protected void saveRefusal(String callId, String operation, String payloadHash, String subject,
                               DojiException refusal) {
        store.saveRefusal(callId, operation, payloadHash, CallLedger.refusal(refusal), now());
    }

    @Override
    protected void release(Caller caller, Reservation r) {
        scope.touch(r);
        steps.destroy(r);
        open.remove(r.key());
        store.delete(r.key());
        log.info("destroyed {}", r.key());
    }

    @Override
    protected Instant end(Reservation r) {
        return r.spec == null ? null : r.spec.window().end();
    }

    @Override
    protected boolean finished(Reservation r) {
        return r.record.getLifecycleState().isFinal();
    }

    @Override
    protected void saveTerminationTime(Reservation r, Instant terminationTime) {
        Instant before = r.record.getTerminationTime();
        r.record.setTerminationTime(terminationTime);
        try {
            store.save(r, now());
            if (terminationTime != null) {
                retention.terminationTimeSet();
            }
        } catch (RuntimeException e) {
            r.record.setTerminationTime(before); // memory must not run ahead of the database
            throw e;
        }
    }

    /**
     * The clock read at the precision the database keeps (microseconds): an answer must say exactly what a restarted
     * RM reads back, so times are truncated before they are stored or answered.
     */
    Instant now() {
        return clock.instant().truncatedTo(java.time.temporal.ChronoUnit.MICROS);
    }
}
