package org.doji.grc.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.EnumMap;
import java.util.Map;
import org.doji.rm.fault.DojiException;
import org.doji.rm.fault.FaultKind;
import org.junit.jupiter.api.Test;

/** Every (state, event) pair of the co-allocation machine: the allowed ones and their targets, every other refused. */
class CoAllocationStateMachineTest {

    private static final Map<CoAllocationState, Map<CoAllocationEvent, CoAllocationState>> ALLOWED =
            new EnumMap<>(CoAllocationState.class);

    private static void allow(CoAllocationState from, CoAllocationEvent event, CoAllocationState to) {
        ALLOWED.computeIfAbsent(from, k -> new EnumMap<>(CoAllocationEvent.class)).put(event, to);
    }

    static {
        allow(CoAllocationState.Planning, CoAllocationEvent.PREPARE, CoAllocationState.Reserving);
        allow(CoAllocationState.Planning, CoAllocationEvent.FAIL, CoAllocationState.Failed);
        allow(CoAllocationState.Reserving, CoAllocationEvent.PREPARE, CoAllocationState.Reserving);
        allow(CoAllocationState.Reserving, CoAllocationEvent.DECIDE_COMMIT, CoAllocationState.Committing);
        allow(CoAllocationState.Reserving, CoAllocationEvent.ABORTED, CoAllocationState.Planning);
        allow(CoAllocationState.Reserving, CoAllocationEvent.FAIL, CoAllocationState.Failed);
        allow(CoAllocationState.Committing, CoAllocationEvent.COMMITTED, CoAllocationState.Reserved);
        allow(CoAllocationState.Committing, CoAllocationEvent.FAIL, CoAllocationState.Failed);
        allow(CoAllocationState.Reserved, CoAllocationEvent.START, CoAllocationState.Active);
        allow(CoAllocationState.Reserved, CoAllocationEvent.END, CoAllocationState.Completed);
        allow(CoAllocationState.Reserved, CoAllocationEvent.MODIFY, CoAllocationState.Modifying);
        allow(CoAllocationState.Reserved, CoAllocationEvent.CANCEL, CoAllocationState.Cancelling);
        allow(CoAllocationState.Reserved, CoAllocationEvent.FAIL, CoAllocationState.Failed);
        allow(CoAllocationState.Active, CoAllocationEvent.END, CoAllocationState.Completed);
        allow(CoAllocationState.Active, CoAllocationEvent.MODIFY, CoAllocationState.Modifying);
        allow(CoAllocationState.Active, CoAllocationEvent.CANCEL, CoAllocationState.Cancelling);
        allow(CoAllocationState.Active, CoAllocationEvent.FAIL, CoAllocationState.Failed);
        allow(CoAllocationState.Modifying, CoAllocationEvent.COMMITTED, CoAllocationState.Reserved);
        allow(CoAllocationState.Modifying, CoAllocationEvent.ABORTED, CoAllocationState.Reserved);
        allow(CoAllocationState.Modifying, CoAllocationEvent.FAIL, CoAllocationState.Failed);
        allow(CoAllocationState.Cancelling, CoAllocationEvent.COMMITTED, CoAllocationState.Cancelled);
        allow(CoAllocationState.Cancelling, CoAllocationEvent.ABORTED, CoAllocationState.Reserved);
        allow(CoAllocationState.Cancelling, CoAllocationEvent.FAIL, CoAllocationState.Failed);
    }

    @Test
    void everyPairIsAllowedExactlyAsSpecifiedAndEveryOtherIsATypedRefusal() {
        int allowed = 0;
        int refused = 0;
        for (CoAllocationState from : CoAllocationState.values()) {
            for (CoAllocationEvent event : CoAllocationEvent.values()) {
                CoAllocationState expected = ALLOWED.getOrDefault(from, Map.of()).get(event);
                if (expected != null) {
                    assertThat(CoAllocationStateMachine.next(from, event)).as(from + " --" + event).isEqualTo(expected);
                    allowed++;
                } else {
                    assertThatThrownBy(() -> CoAllocationStateMachine.next(from, event)).as(from + " --" + event)
                            .isInstanceOfSatisfying(DojiException.class, e -> {
                                assertThat(e.kind()).isEqualTo(FaultKind.INVALID_STATE_TRANSITION);
                                assertThat(e.getMessage()).contains(from.name()).contains(event.name());
                            });
                    refused++;
                }
            }
        }
        assertThat(allowed + refused).isEqualTo(CoAllocationState.values().length * CoAllocationEvent.values().length);
        assertThat(allowed).isEqualTo(23);
    }

    @Test
    void finalStatesAcceptNothingAndOnlyReservedActiveAndFinalOnesAreSettled() {
        for (CoAllocationState s : CoAllocationState.values()) {
            if (s.isFinal()) {
                for (CoAllocationEvent e : CoAllocationEvent.values()) {
                    assertThat(CoAllocationStateMachine.target(s, e)).as(s + " --" + e).isEmpty();
                }
            }
            assertThat(s.isSettled()).as(s.name())
                    .isEqualTo(s.isFinal() || s == CoAllocationState.Reserved || s == CoAllocationState.Active);
        }
    }
}
