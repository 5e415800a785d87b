package org.doji.grc.tx;

import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import org.doji.rm.api.Caller;
import org.doji.rm.api.ResourceManager;
import org.doji.rm.fault.DojiException;
import org.doji.rm.fault.FaultKind;
import org.doji.rm.model.AvailabilityQuery;
import org.doji.rm.model.ReservationSpec;
import org.doji.rm.model.ReservationView;
import org.doji.rm.model.ResourceInventory;
import org.doji.rm.model.SlotAvailability;

/**
 * A real RM (the kernel) behind a scripted network, for unit tests at the boundary: each call of an operation
 * takes the next scripted fault for it (none: the call goes through). Every call that reached the RM is logged
 * with its correlation id.
 */
final class FlakyRm implements ResourceManager {

    /** What the network does to one call. */
    enum Fault {
        /** lost on the way: the RM never sees it */
        LOST,
        /** the RM acts, its answer is lost */
        ANSWER_LOST,
        /** the call goes through (a place in the script before the next fault) */
        THROUGH
    }

    private ResourceManager rm;
    private final Map<String, Deque<Fault>> script = new ConcurrentHashMap<>();
    final List<String> reached = java.util.Collections.synchronizedList(new ArrayList<>());

    FlakyRm(ResourceManager rm) {
        this.rm = rm;
    }

    /** Calls reach {@code restarted} from now on (the RM's process started again on its stored state). */
    void restarted(ResourceManager restarted) {
        this.rm = restarted;
    }

    /** The next {@code times} calls of {@code operation} (reserve, commit, abort, modify, cancel, get) suffer {@code fault}. */
    FlakyRm fail(String operation, Fault fault, int times) {
        Deque<Fault> q = script.computeIfAbsent(operation, k -> new ArrayDeque<>());
        for (int i = 0; i < times; i++) {
            q.add(fault);
        }
        return this;
    }

    List<String> reached() {
        synchronized (reached) {
            return List.copyOf(reached);
        }
    }

    List<String> reached(String operation) {
        synchronized (reached) {
            return reached.stream().filter(c -> c.startsWith(operation + " ")).toList();
        }
    }

    private <T> T call(String operation, String correlationId, Supplier<T> body) {
        Deque<Fault> q = script.get(operation);
        Fault f = q == null ? null : q.poll();
        if (f == Fault.LOST) {
            throw unreachable(operation);
        }
        reached.add(operation + " " + correlationId);
        T answer = body.get();
        if (f == Fault.ANSWER_LOST) {
            throw unreachable(operation);
        }
        return answer;
    }

    private static DojiException unreachable(String operation) {
        return new DojiException(FaultKind.RESOURCE_UNAVAILABLE, "RM_UNREACHABLE", operation + ": connection reset");
    }

    @Override
    public ResourceInventory describe(Caller caller) {
        return rm.describe(caller);
    }

    @Override
    public List<SlotAvailability> availability(Caller caller, AvailabilityQuery query) {
        return rm.availability(caller, query);
    }

    @Override
    public ReservationView reserve(Caller caller, String correlationId, ReservationSpec spec, String consumer) {
        return call("reserve", correlationId, () -> rm.reserve(caller, correlationId, spec, consumer));
    }

    @Override
    public ReservationView commit(Caller caller, String key, String correlationId) {
        return call("commit", correlationId, () -> rm.commit(caller, key, correlationId));
    }

    @Override
    public ReservationView abort(Caller caller, String key, String correlationId) {
        return call("abort", correlationId, () -> rm.abort(caller, key, correlationId));
    }

    @Override
    public ReservationView modify(Caller caller, String key, String correlationId, ReservationSpec spec) {
        return call("modify", correlationId, () -> rm.modify(caller, key, correlationId, spec));
    }

    @Override
    public ReservationView cancel(Caller caller, String key, String correlationId) {
        return call("cancel", correlationId, () -> rm.cancel(caller, key, correlationId));
    }

    @Override
    public ReservationView get(Caller caller, String key) {
        return call("get", key, () -> rm.get(caller, key));
    }

    @Override
    public void destroy(Caller caller, String key) {
        rm.destroy(caller, key);
    }

    @Override
    public Instant setTerminationTime(Caller caller, String key, Instant requested) {
        return rm.setTerminationTime(caller, key, requested);
    }
}
