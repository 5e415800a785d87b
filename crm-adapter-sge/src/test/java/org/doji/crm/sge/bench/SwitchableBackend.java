package org.doji.crm.sge.bench;

import java.util.List;
import org.doji.rm.model.Allocation;
import org.doji.rm.spi.BackendInventory;
import org.doji.rm.spi.LiveState;
import org.doji.rm.spi.ReservationContext;
import org.doji.rm.spi.ResourceBackend;

/**
 * One kernel, several backend variants (binaries vs wrappers, batched vs not) measured in turn. Time spent
 * inside the backend is counted as "backend" (Grid Engine commands included), so the harness can split
 * internal time into the adapter's own work and rm-core's kernel.
 */
final class SwitchableBackend implements ResourceBackend {

    private volatile ResourceBackend current;
    private final Timings timings;

    SwitchableBackend(ResourceBackend initial, Timings timings) {
        this.current = initial;
        this.timings = timings;
    }

    private <T> T timed(java.util.function.Supplier<T> call) {
        long t0 = System.nanoTime();
        try {
            return call.get();
        } finally {
            timings.add("backend", System.nanoTime() - t0);
        }
    }

    private void timedRun(Runnable call) {
        timed(() -> {
            call.run();
            return null;
        });
    }

    void use(ResourceBackend b) {
        current = b;
    }

    @Override
    public String name() {
        return current.name();
    }

    @Override
    public BackendInventory inventory() {
        return timed(() -> current.inventory());
    }

    @Override
    public LiveState liveState() {
        return timed(() -> current.liveState());
    }

    @Override
    public void onHold(ReservationContext ctx) {
        timedRun(() -> current.onHold(ctx));
    }

    @Override
    public Allocation onCommit(ReservationContext ctx) {
        return timed(() -> current.onCommit(ctx));
    }

    @Override
    public void onAbort(ReservationContext ctx) {
        timedRun(() -> current.onAbort(ctx));
    }

    @Override
    public void onStart(ReservationContext ctx) {
        timedRun(() -> current.onStart(ctx));
    }

    @Override
    public void onEnd(ReservationContext ctx) {
        timedRun(() -> current.onEnd(ctx));
    }

    @Override
    public void onCancel(ReservationContext ctx) {
        timedRun(() -> current.onCancel(ctx));
    }

    @Override
    public Allocation onModify(ReservationContext before, ReservationContext after) {
        return timed(() -> current.onModify(before, after));
    }

    @Override
    public void reconcile(List<ReservationContext> expected) {
        current.reconcile(expected);
    }
}
