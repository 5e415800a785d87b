package org.doji.rm.kernel;

import java.util.ArrayList;
import java.util.List;
import org.doji.rm.calendar.Booking;
import org.doji.rm.model.Allocation;
import org.doji.rm.model.PendingChange;
import org.doji.rm.model.ReservationSpec;
import org.doji.rm.model.ReservationView;
import org.doji.rm.persistence.ReservationRecord;
import org.doji.rm.spi.ReservationContext;
import org.doji.rm.util.JsonCodec;

/** A stored reservation with its documents decoded; the kernel's working copy. */
final class Reservation {

    final ReservationRecord record;
    ReservationSpec spec;
    Allocation allocation;
    ReservationSpec pendingSpec;
    Allocation pendingAllocation;

    Reservation(ReservationRecord record, JsonCodec json) {
        this.record = record;
        this.spec = json.read(record.getSpecJson(), ReservationSpec.class);
        this.allocation = json.read(record.getAllocationJson(), Allocation.class);
        this.pendingSpec = json.read(record.getPendingSpecJson(), ReservationSpec.class);
        this.pendingAllocation = json.read(record.getPendingAllocationJson(), Allocation.class);
    }

    String key() {
        return record.getKey();
    }

    void flush(JsonCodec json) {
        record.setSpecJson(json.write(spec));
        record.setAllocationJson(json.write(allocation));
        record.setPendingSpecJson(json.write(pendingSpec));
        record.setPendingAllocationJson(json.write(pendingAllocation));
    }

    /** What the calendar holds for this reservation right now. */
    List<Booking> heldBookings() {
        List<Booking> out = new ArrayList<>(committedBookings());
        out.addAll(pendingBookings());
        return out;
    }

    List<Booking> committedBookings() {
        return spec == null || record.getLifecycleState().isFinal()
                ? List.of() : Booking.of(spec.window(), allocation);
    }

    /** The extra bookings of a pending reserve (everything) or modify (the union's delta). */
    List<Booking> pendingBookings() {
        if (pendingSpec == null) {
            return List.of();
        }
        if (record.getPendingChange() == PendingChange.Reserve) {
            return Booking.of(pendingSpec.window(), pendingAllocation);
        }
        if (record.getPendingChange() == PendingChange.Modify) {
            return Booking.unionDelta(spec.window(), allocation, pendingSpec.window(), pendingAllocation);
        }
        return List.of();
    }

    ReservationContext context() {
        return new ReservationContext(key(), record.getOwner(), users(spec), spec, allocation, record.getLifecycleState());
    }

    ReservationContext pendingContext() {
        return new ReservationContext(key(), record.getOwner(), users(pendingSpec), pendingSpec, pendingAllocation,
                record.getLifecycleState());
    }

    /** Who may use the resources: the users named in the spec, or else the owner. */
    private List<String> users(ReservationSpec s) {
        return s == null || s.users().isEmpty() ? List.of(record.getOwner()) : s.users();
    }

    ReservationView view(String rmId) {
        return new ReservationView(key(), rmId, record.getOwner(), record.getReservationState(),
                record.getLifecycleState(), record.getPendingChange(), spec, allocation, pendingSpec,
                pendingAllocation, record.getHoldExpires(), record.getTerminationTime(), record.getVersion(),
                record.getCreated(), record.getUpdated(), record.getReason());
    }

    /** The working copy's state at one moment, to restore it exactly when a durable write fails. */
    record Snapshot(ReservationRecord record, ReservationSpec spec, Allocation allocation,
                    ReservationSpec pendingSpec, Allocation pendingAllocation) {
    }

    Snapshot snapshot() {
        return new Snapshot(record.copy(), spec, allocation, pendingSpec, pendingAllocation);
    }

    void restore(Snapshot s) {
        record.restoreFrom(s.record());
        spec = s.spec();
        allocation = s.allocation();
        pendingSpec = s.pendingSpec();
        pendingAllocation = s.pendingAllocation();
    }
}
