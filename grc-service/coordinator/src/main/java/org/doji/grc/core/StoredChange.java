package org.doji.grc.core;

import java.time.Instant;
import java.util.List;
import java.util.function.Function;
import org.doji.grc.model.CoAllocationState;
import org.doji.grc.model.CoPlan;
import org.doji.grc.model.CoRequest;
import org.doji.grc.model.RmOutcome;
import org.doji.grc.persistence.CoAllocationRecord;

/** A {@link CoAllocationChange} applied to the co-allocation's record, its domain values written as JSON columns. */
final class StoredChange implements CoAllocationChange {

    private final CoAllocationRecord record;
    private final Function<Object, String> json;

    StoredChange(CoAllocationRecord record, Function<Object, String> json) {
        this.record = record;
        this.json = json;
    }

    @Override
    public CoAllocationState state() {
        return record.getState();
    }

    @Override
    public int attempt() {
        return record.getAttempt();
    }

    @Override
    public void setAttempt(int attempt) {
        record.setAttempt(attempt);
    }

    @Override
    public void setReason(String reason) {
        record.setReason(reason);
    }

    @Override
    public void setPlan(CoPlan plan) {
        record.setPlanJson(json.apply(plan));
        record.setWindowStart(plan.window().start());
        record.setWindowEnd(plan.window().end());
        record.setCost(plan.cost());
    }

    @Override
    public void setRequest(CoRequest request) {
        record.setRequestJson(json.apply(request));
    }

    @Override
    public void setOutcomes(List<RmOutcome> outcomes) {
        record.setOutcomesJson(json.apply(outcomes));
    }

    @Override
    public void setTerminationTime(Instant terminationTime) {
        record.setTerminationTime(terminationTime);
    }
}
