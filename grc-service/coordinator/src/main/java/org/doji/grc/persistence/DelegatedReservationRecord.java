package org.doji.grc.persistence;

import jakarta.persistence.AttributeOverride;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Index;
import jakarta.persistence.Table;
import jakarta.persistence.Version;
import java.time.Instant;
import org.doji.grc.model.DelegatedReservation;
import org.doji.rm.model.ReservationState;
import org.doji.rm.persistence.JsonColumns;
import org.doji.rm.persistence.ReservationColumns;

/**
 * A reservation a parent coordinator made at this GRC through the RM port: its NSI states, what it
 * holds (one reservation at each child RM) and the change pending; the child steps of that change are its
 * transaction ({@link TransactionRecord}).
 */
@Entity
@Table(name = "grc_rm_reservation", indexes = @Index(name = "grc_rm_res_state", columnList = "reservationState"))
// this table's state columns were made narrower and its reason column wider than the RM's
@AttributeOverride(name = "reservationState", column = @Column(nullable = false, length = 24))
@AttributeOverride(name = "lifecycleState", column = @Column(nullable = false, length = 24))
@AttributeOverride(name = "reason", column = @Column(length = DelegatedReservationRecord.REASON_LENGTH))
public class DelegatedReservationRecord extends ReservationColumns implements DelegatedReservation {

    static final int REASON_LENGTH = 4000;

    @Column(length = JsonColumns.MAX_JSON)
    private String participantsJson;
    private Instant windowStart;
    private Instant windowEnd;
    @Version
    private int version;

    protected DelegatedReservationRecord() {
    }

    public DelegatedReservationRecord(String key, String owner, Instant now) {
        super(key, owner, ReservationState.ReserveHeld, now);
    }

    @Override
    protected int reasonLength() {
        return REASON_LENGTH;
    }

    @Override
    public String getParticipantsJson() { return participantsJson; }
    public void setParticipantsJson(String v) { this.participantsJson = v; }
    public Instant getWindowStart() { return windowStart; }
    public void setWindowStart(Instant t) { this.windowStart = t; }
    public Instant getWindowEnd() { return windowEnd; }
    public void setWindowEnd(Instant t) { this.windowEnd = t; }
    public int getVersion() { return version; }
}
