package org.doji.crm.sge.bench;

import java.util.List;
import org.doji.rm.model.Allocation;
import org.doji.rm.spi.BackendInventory;
import org.doji.rm.spi.LiveState;
import org.doji.rm.spi.ReservationContext;
import org.doji.rm.spi.ResourceBackend;

/** One kernel, several backend variants (binaries vs wrappers, batched vs not) measured in turn. */
final class SwitchableBackend implements ResourceBackend {

    private volatile ResourceBackend current;

    SwitchableBackend(ResourceBackend initial) {
        this.current = initial;
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
        return current.inventory();
    }

    @Override
    public LiveState liveState() {
        return current.liveState();
    }

    @Override
    public void onHold(ReservationContext ctx) {
        current.onHold(ctx);
    }

    @Override
    public Allocation onCommit(ReservationContext ctx) {
        return current.onCommit(ctx);
    }

    @Override
    public void onAbort(ReservationContext ctx) {
        current.onAbort(ctx);
    }

    @Override
    public void onStart(ReservationContext ctx) {
        current.onStart(ctx);
    }

    @Override
    public void onEnd(ReservationContext ctx) {
        current.onEnd(ctx);
    }

    @Override
    public void onCancel(ReservationContext ctx) {
        current.onCancel(ctx);
    }

    @Override
    public Allocation onModify(ReservationContext before, ReservationContext after) {
        return current.onModify(before, after);
    }

    @Override
    public void reconcile(List<ReservationContext> expected) {
        current.reconcile(expected);
    }
}
