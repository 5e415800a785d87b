package org.doji.dst;

import java.time.Instant;
import java.util.List;
import org.doji.rm.api.Caller;
import org.doji.rm.api.ResourceManager;
import org.doji.rm.model.AvailabilityQuery;
import org.doji.rm.model.ReservationSpec;
import org.doji.rm.model.ReservationView;
import org.doji.rm.model.ResourceInventory;
import org.doji.rm.model.SlotAvailability;

/**
 * An RM as a coordinator reaches it: every operation is a call over the simulated network, handled by whichever
 * incarnation of the RM is up when it arrives (the client side of the RM port).
 */
final class RemoteRm implements ResourceManager {

    private final Network network;
    private final SimNode from;
    private final RmHost to;

    RemoteRm(Network network, SimNode from, RmHost to) {
        this.network = network;
        this.from = from;
        this.to = to;
    }

    private String what(String operation, String detail) {
        return operation + " " + from.id() + ">" + to.node().id() + (detail == null ? "" : " " + detail);
    }

    @Override
    public ResourceInventory describe(Caller caller) {
        return network.call(from, to.node(), what("describe", null), () -> to.port().describe(caller));
    }

    @Override
    public List<SlotAvailability> availability(Caller caller, AvailabilityQuery query) {
        return network.call(from, to.node(), what("availability", null), () -> to.port().availability(caller, query));
    }

    @Override
    public ReservationView reserve(Caller caller, String correlationId, ReservationSpec spec, String consumer) {
        return answer(network.call(from, to.node(), what("reserve", correlationId),
                () -> to.port().reserve(caller, correlationId, spec, consumer)));
    }

    @Override
    public ReservationView commit(Caller caller, String key, String correlationId) {
        return answer(network.call(from, to.node(), what("commit", key + " " + correlationId),
                () -> to.port().commit(caller, key, correlationId)));
    }

    @Override
    public ReservationView abort(Caller caller, String key, String correlationId) {
        return answer(network.call(from, to.node(), what("abort", key + " " + correlationId),
                () -> to.port().abort(caller, key, correlationId)));
    }

    @Override
    public ReservationView modify(Caller caller, String key, String correlationId, ReservationSpec spec) {
        return answer(network.call(from, to.node(), what("modify", key + " " + correlationId),
                () -> to.port().modify(caller, key, correlationId, spec)));
    }

    @Override
    public ReservationView cancel(Caller caller, String key, String correlationId) {
        return answer(network.call(from, to.node(), what("cancel", key + " " + correlationId),
                () -> to.port().cancel(caller, key, correlationId)));
    }

    @Override
    public ReservationView get(Caller caller, String key) {
        return network.call(from, to.node(), what("get", key), () -> to.port().get(caller, key));
    }

    @Override
    public void destroy(Caller caller, String key) {
        network.call(from, to.node(), what("destroy", key), () -> {
            to.port().destroy(caller, key);
            return null;
        });
    }

    @Override
    public Instant setTerminationTime(Caller caller, String key, Instant requested) {
        return network.call(from, to.node(), what("setTerminationTime", key), () -> to.port().setTerminationTime(caller, key,
                requested));
    }

    /** Notes the answer's key in the trace (a failing co-allocation's trail names its reservations). */
    private ReservationView answer(ReservationView v) {
        if (v != null) {
            network.noteAnswer(v, () -> " " + window(v.spec()) + paths(v.allocation()) + (v.pendingSpec() == null ? ""
                    : " pending " + window(v.pendingSpec()) + paths(v.pendingAllocation())));
        }
        return v;
    }

    private static String window(org.doji.rm.model.ReservationSpec s) {
        return s == null ? "" : s.window().start() + ".." + s.window().end();
    }

    private static String paths(org.doji.rm.model.Allocation a) {
        return a == null || a.network().isEmpty() ? "" : " " + a.network().stream()
                .map(n -> n.bandwidthMbps() + "@" + n.links()).toList();
    }
}
