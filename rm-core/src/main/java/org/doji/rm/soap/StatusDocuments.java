package org.doji.rm.soap;

import java.util.EnumMap;
import java.util.Map;
import org.doji.contract.types.RmStatusDocument;
import org.doji.contract.types.StateCount;
import org.doji.rm.model.LifecycleState;
import org.doji.rm.model.ReservationState;
import org.doji.rm.model.RmKind;
import org.doji.rm.model.RmStatus;
import org.doji.rm.model.StatusProperty;

/** The RM's own resource properties document ({@link RmStatus}) to and from the contract's types. */
public final class StatusDocuments {

    private StatusDocuments() {
    }

    public static RmStatusDocument document(RmStatus s) {
        RmStatusDocument d = new RmStatusDocument();
        d.setRmId(s.rmId());
        d.setKind(org.doji.contract.types.RmKind.fromValue(s.kind().name()));
        d.setDomain(s.domain());
        d.setBackend(s.backend());
        d.setCurrentTime(s.currentTime());
        // enum order, so the document is stable whatever the map's order
        for (ReservationState state : ReservationState.values()) {
            Long n = s.reservationStates().get(state);
            if (n != null) {
                d.getReservationState().add(count(state.name(), n));
            }
        }
        for (LifecycleState state : LifecycleState.values()) {
            Long n = s.lifecycleStates().get(state);
            if (n != null) {
                d.getLifecycleState().add(count(state.name(), n));
            }
        }
        for (StatusProperty p : s.properties()) {
            org.doji.contract.types.StatusProperty x = new org.doji.contract.types.StatusProperty();
            x.setName(p.name());
            x.setValue(p.value());
            x.setUnit(p.unit());
            x.setSubject(p.subject());
            d.getProperty().add(x);
        }
        return d;
    }

    private static StateCount count(String state, long n) {
        StateCount c = new StateCount();
        c.setState(state);
        c.setCount(n);
        return c;
    }

    public static RmStatus status(RmStatusDocument d) {
        Map<ReservationState, Long> states = new EnumMap<>(ReservationState.class);
        d.getReservationState().forEach(c -> states.put(ReservationState.valueOf(c.getState()), c.getCount()));
        Map<LifecycleState, Long> lifecycle = new EnumMap<>(LifecycleState.class);
        d.getLifecycleState().forEach(c -> lifecycle.put(LifecycleState.valueOf(c.getState()), c.getCount()));
        return new RmStatus(d.getRmId(), RmKind.valueOf(d.getKind().value()), d.getDomain(), d.getBackend(),
                d.getCurrentTime(), states, lifecycle, d.getProperty().stream()
                .map(p -> new StatusProperty(p.getName(), p.getValue(), p.getUnit(), p.getSubject())).toList());
    }
}
