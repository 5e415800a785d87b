package org.doji.rm.spi;

import java.util.List;
import org.doji.rm.model.Allocation;
import org.doji.rm.model.StatusProperty;

/**
 * The small SPI every adapter implements (simulated, Grid Engine, TORQUE, OpenFlow). The kernel owns the
 * calendars, the state machines and persistence; a backend only describes its resources and performs
 * the real-world actions. Each action is called as part of the state change that triggers it, which the
 * kernel makes durable right after; after a crash the kernel may call an action again for the same
 * reservation, so every action must be idempotent.
 *
 * <p>Actions run outside database transactions. A {@link org.doji.rm.fault.DojiException} with kind
 * RESOURCE_UNAVAILABLE from {@link #onHold} refuses the reservation; exceptions from the other actions
 * are logged and retried by the kernel's activation driver.
 */
public interface ResourceBackend {

    /** Short name shown in describe (simulated, gridengine, torque, openflow). */
    String name();

    /** Static inventory: nodes, network links and endpoints, countables, planned maintenance. */
    BackendInventory inventory();

    /**
     * Whether the inventory gains links while the RM runs (a network found by LLDP): the kernel then reads
     * {@link #inventory()} again every round and takes new links into its calendars, with no restart.
     */
    default boolean discoversLinks() {
        return false;
    }

    /**
     * Live state: nodes that are down are offered to no new reservation; links that are down carry no new path,
     * and the kernel routes committed reservations off them (or fails them when no other path fits).
     */
    default LiveState liveState() {
        return LiveState.HEALTHY;
    }

    /** Phase one (reserve or modify) has booked {@code ctx.allocation()} in the calendar. May refuse. */
    default void onHold(ReservationContext ctx) {
    }

    /**
     * A reservation is committed. Returns the allocation with handles filled in (queue name, AR id),
     * which the kernel stores and shows to the user.
     */
    default Allocation onCommit(ReservationContext ctx) {
        return ctx.allocation();
    }

    /** Phase one was aborted or timed out: undo whatever {@link #onHold} did. */
    default void onAbort(ReservationContext ctx) {
    }

    /** The reservation's start time has come: make the resources usable by its users only. */
    default void onStart(ReservationContext ctx) {
    }

    /** The reservation's end time has come: tear down and give the resources back. */
    default void onEnd(ReservationContext ctx) {
    }

    /** A committed reservation was cancelled or destroyed (before, or while, active: see ctx.lifecycle()). */
    default void onCancel(ReservationContext ctx) {
    }

    /** A modification was committed; returns the new allocation with handles. */
    default Allocation onModify(ReservationContext before, ReservationContext after) {
        return after.allocation();
    }

    /**
     * After a restart: make the real system match the stored reservations (create what is missing,
     * remove orphans). {@code expected} lists every committed, not yet ended reservation.
     */
    default void reconcile(List<ReservationContext> expected) {
    }

    /**
     * Live measurements shown as the RM's resource properties (e.g. used and available bandwidth per link,
     * measured by the backend). Called on every status request, outside the kernel's lock: keep it cheap
     * (return the last measurement, do not measure here). Default: none.
     */
    default List<StatusProperty> status() {
        return List.of();
    }

    /** Path computation for the named policy (null or blank = the backend's default). */
    default NetworkRouting routing(String policy) {
        return WidestPathRouting.INSTANCE;
    }
}
