package org.doji.rm.api;

import java.time.Instant;
import java.util.List;
import org.doji.rm.fault.DojiException;
import org.doji.rm.model.AvailabilityQuery;
import org.doji.rm.model.ReservationSpec;
import org.doji.rm.model.ReservationView;
import org.doji.rm.model.ResourceInventory;
import org.doji.rm.model.RmStatus;
import org.doji.rm.model.SlotAvailability;

/**
 * The one interface every resource manager implements: the RM kernel with any backend, a remote RM
 * reached over SOAP, and a GRC acting as an RM. Failures are {@link DojiException}s.
 *
 * <p>Two-phase rules: {@code reserve}, {@code modify} and {@code cancel} prepare a change; {@code commit}
 * and {@code abort} finish the pending change and are idempotent; {@code abort} of an unknown key or of a
 * reservation with nothing pending is a no-op that answers the current state.
 */
public interface ResourceManager {

    ResourceInventory describe(Caller caller);

    /** Free capacity for every slot of the query, in one call. */
    List<SlotAvailability> availability(Caller caller, AvailabilityQuery query);

    /** Phase one: books and holds the resources. {@code consumer} (nullable) receives notifications. */
    ReservationView reserve(Caller caller, String correlationId, ReservationSpec spec, String consumer);

    ReservationView commit(Caller caller, String key, String correlationId);

    ReservationView abort(Caller caller, String key, String correlationId);

    ReservationView modify(Caller caller, String key, String correlationId, ReservationSpec spec);

    ReservationView cancel(Caller caller, String key, String correlationId);

    ReservationView get(Caller caller, String key);

    /** WS-ResourceLifetime Destroy: release at once (one phase) and forget. */
    void destroy(Caller caller, String key);

    /** WS-ResourceLifetime SetTerminationTime; returns the new termination time (null = never). */
    Instant setTerminationTime(Caller caller, String key, Instant requested);

    /**
     * The RM's own resource properties (GetResourcePropertyDocument addressed to the service, no resource key):
     * identity, open reservations by state, the backend's live status. RMs without one refuse, as before.
     */
    default RmStatus status(Caller caller) {
        throw DojiException.invalidField("ResourceKey", "NO_RESOURCE_KEY", "this RM has no status document: address "
                + "a reservation (its EPR's ResourceKey reference parameter, or the EPR's address)");
    }
}
