package org.doji.grc.dashboard;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import java.io.IOException;
import java.io.InputStream;
import java.time.Instant;
import java.util.List;
import org.doji.rm.api.Caller;
import org.doji.rm.api.ResourceManager;
import org.doji.rm.fault.DojiException;
import org.doji.rm.model.AvailabilityQuery;
import org.doji.rm.model.ReservationSpec;
import org.doji.rm.model.ReservationView;
import org.doji.rm.model.ResourceInventory;
import org.doji.rm.model.SlotAvailability;

/**
 * An RM at the boundary of the dashboard's tests: it answers describe with what a real RM of the demo grid
 * answered (recorded in {@code dashboard/demo-inventories.json}), or fails as an unreachable RM does. Nothing
 * else may be called: the dashboard is read-only.
 */
final class RecordedRm implements ResourceManager {

    private final ResourceInventory inventory;
    private volatile boolean down;

    RecordedRm(ResourceInventory inventory) {
        this.inventory = inventory;
    }

    /** The six RMs of {@code GridTopology.demo()} as they described themselves (crm-east1 … nrm-west). */
    static List<ResourceInventory> demoInventories() {
        try (InputStream in = RecordedRm.class.getResourceAsStream("/dashboard/demo-inventories.json")) {
            return new ObjectMapper().registerModule(new JavaTimeModule()).readValue(in, new TypeReference<>() { });
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    void setDown(boolean down) {
        this.down = down;
    }

    @Override
    public ResourceInventory describe(Caller caller) {
        if (down) {
            throw DojiException.unavailable("RM_UNREACHABLE", "Could not send Message: Connection refused");
        }
        return inventory;
    }

    @Override
    public List<SlotAvailability> availability(Caller caller, AvailabilityQuery query) {
        throw new UnsupportedOperationException("the dashboard only describes");
    }

    @Override
    public ReservationView reserve(Caller caller, String correlationId, ReservationSpec spec, String consumer) {
        throw new UnsupportedOperationException("the dashboard is read-only");
    }

    @Override
    public ReservationView commit(Caller caller, String key, String correlationId) {
        throw new UnsupportedOperationException("the dashboard is read-only");
    }

    @Override
    public ReservationView abort(Caller caller, String key, String correlationId) {
        throw new UnsupportedOperationException("the dashboard is read-only");
    }

    @Override
    public ReservationView modify(Caller caller, String key, String correlationId, ReservationSpec spec) {
        throw new UnsupportedOperationException("the dashboard is read-only");
    }

    @Override
    public ReservationView cancel(Caller caller, String key, String correlationId) {
        throw new UnsupportedOperationException("the dashboard is read-only");
    }

    @Override
    public ReservationView get(Caller caller, String key) {
        throw new UnsupportedOperationException("the dashboard is read-only");
    }

    @Override
    public void destroy(Caller caller, String key) {
        throw new UnsupportedOperationException("the dashboard is read-only");
    }

    @Override
    public Instant setTerminationTime(Caller caller, String key, Instant requested) {
        throw new UnsupportedOperationException("the dashboard is read-only");
    }
}
