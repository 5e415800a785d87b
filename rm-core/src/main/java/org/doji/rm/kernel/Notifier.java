package org.doji.rm.kernel;

import org.doji.rm.model.ReservationView;

/**
 * Tells a coordinator about changes it did not cause (hold timeout, start, end). Best effort: a failed
 * delivery never changes a reservation's state.
 */
public interface Notifier {

    void notify(String consumer, ReservationView view, String message);

    Notifier NONE = (consumer, view, message) -> { };
}
