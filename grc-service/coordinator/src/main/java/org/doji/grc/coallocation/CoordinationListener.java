package org.doji.grc.coallocation;

import org.doji.grc.model.CoAllocationState;
import org.doji.rm.state.ReservationStateMachine.Decision;

/**
 * Observes the coordinator's two-phase steps, after each is durable: for metrics, notifications and for
 * tests that stop the GRC at a precise point. Implementations must be quick and must not throw.
 * {@code attempt} is the reservation attempt (1, 2, ...) or, for a modification, minus the plan tried (-1, -2, ...).
 */
public interface CoordinationListener {

    /** The participants are stored; the prepares are about to go out. */
    default void beforePrepare(String coAllocation, int attempt) {
    }

    /** Every prepare has been answered; the decision is about to be stored. */
    default void afterPrepare(String coAllocation, int attempt) {
    }

    /** The decision is stored; phase two is about to start. */
    default void afterDecision(String coAllocation, int attempt, Decision decision) {
    }

    /** The co-allocation's reservation attempt ended, Reserved or Failed; the state is durable. */
    default void settled(String coAllocation, CoAllocationState state) {
    }

    CoordinationListener NONE = new CoordinationListener() { };
}
