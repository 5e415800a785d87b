package org.doji.grc.model;

import java.time.Instant;
import org.doji.rm.model.LifecycleState;
import org.doji.rm.model.PendingChange;
import org.doji.rm.model.ReservationState;
import org.doji.rm.state.ReservationStateMachine.Decision;

/**
 * A reservation a parent coordinator made at this GRC's RM port, as the hierarchy reads and changes it: its NSI
 * states, the change pending and its decision, its spec (JSON, as the RM kernel keeps one), its hold and window,
 * and what it holds (one reservation at each child RM, JSON). The hierarchy's {@code DelegatedReservations} keeps
 * it durably; this view keeps the hierarchy free of the persistence types.
 */
public interface DelegatedReservation {

    String getKey();

    String getOwner();

    ReservationState getReservationState();

    void setReservationState(ReservationState s);

    LifecycleState getLifecycleState();

    void setLifecycleState(LifecycleState s);

    PendingChange getPendingChange();

    void setPendingChange(PendingChange p);

    Decision getLastDecision();

    void setLastDecision(Decision d);

    String getSpecJson();

    void setSpecJson(String v);

    String getPendingSpecJson();

    void setPendingSpecJson(String v);

    /** The child reservations it holds ({@code DelegatedBookkeeping.Parts} as JSON). */
    String getParticipantsJson();

    void setParticipantsJson(String v);

    Instant getHoldExpires();

    void setHoldExpires(Instant t);

    Instant getWindowStart();

    void setWindowStart(Instant t);

    Instant getWindowEnd();

    void setWindowEnd(Instant t);

    /** Where the parent coordinator wants notifications (a hold that timed out, a part lost), or null. */
    String getConsumer();

    void setConsumer(String c);

    String getReason();

    void setReason(String r);

    boolean isDeadCancelAnswered();

    void setDeadCancelAnswered(boolean b);

    /** When the record is forgotten once the reservation is over (WS-ResourceLifetime); null: at the retention. */
    Instant getTerminationTime();

    void setTerminationTime(Instant t);

    Instant getCreated();

    Instant getUpdated();

    /** The stored version (a change of it by another writer refuses this one's stale write). */
    int getVersion();
}
