package org.doji.rm.kernel;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.doji.rm.calendar.ReservationCalendar;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What one mutation changed in memory (calendar, working copies, the set of open reservations), so that
 * it can be taken back exactly when the mutation or its durable write fails: memory never runs ahead of
 * the database. Backend actions cannot be taken back; a compensating action (e.g. abort after hold) is
 * run instead. Used under the kernel's write lock only.
 */
final class UndoScope {

    private static final Logger log = LoggerFactory.getLogger(UndoScope.class);

    private record Touched(Reservation reservation, Reservation.Snapshot before, boolean wasOpen) {
    }

    private final ReservationCalendar calendar;
    private final Map<String, Reservation> open;
    private final Map<String, Touched> touched = new LinkedHashMap<>();
    private final List<Runnable> compensations = new ArrayList<>();

    UndoScope(ReservationCalendar calendar, Map<String, Reservation> open) {
        this.calendar = calendar;
        this.open = open;
        calendar.beginUndo();
    }

    /** Remembers the reservation's state before the mutation changes it. */
    void touch(Reservation r) {
        touched.putIfAbsent(r.key(), new Touched(r, r.snapshot(), open.get(r.key()) == r));
    }

    /** A reservation the mutation creates: undone by forgetting it. */
    void created(Reservation r) {
        touched.putIfAbsent(r.key(), new Touched(r, null, false));
    }

    void compensateWith(Runnable action) {
        compensations.add(action);
    }

    void keep() {
        calendar.keepChanges();
    }

    void undo() {
        calendar.undo();
        for (Touched t : touched.values()) {
            if (t.before() != null) {
                t.reservation().restore(t.before());
            }
            if (t.wasOpen()) {
                open.put(t.reservation().key(), t.reservation());
            } else {
                open.remove(t.reservation().key());
            }
        }
        for (int i = compensations.size() - 1; i >= 0; i--) {
            try {
                compensations.get(i).run();
            } catch (RuntimeException e) {
                log.error("compensating backend action failed", e);
            }
        }
    }
}
