package org.doji.grc.store;

import java.time.Instant;
import java.util.List;
import java.util.function.Function;
import org.doji.grc.model.CoAllocationChange;
import org.doji.grc.model.CoAllocationState;
import org.doji.grc.model.CoPlan;
import org.doji.grc.model.CoRequest;
import org.doji.grc.model.RmOutcome;
import org.doji.grc.persistence.CoAllocationRecord;

/**
 * A {@link CoAllocationChange} applied to the co-allocation's record, its domain values written as JSON columns; it
 * keeps the values it wrote with their JSON, so the snapshot after the change need not parse them back.
 */
final class CoAllocationRecordChange implements CoAllocationChange {

    private final CoAllocationRecord record;
    private final Function<Object, String> json;
    private CoRequest request;
    private String requestJson;
    private CoPlan plan;
    private String planJson;
    private List<RmOutcome> outcomes;
    private String outcomesJson;

    CoAllocationRecordChange(CoAllocationRecord record, Function<Object, String> json) {
        this.record = record;
        this.json = json;
    }

    CoAllocationRecord record() {
        return record;
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
        this.plan = plan;
        this.planJson = json.apply(plan);
        record.setPlanJson(planJson);
        record.setWindowStart(plan.window().start());
        record.setWindowEnd(plan.window().end());
        record.setCost(plan.cost());
    }

    @Override
    public void setRequest(CoRequest request) {
        this.request = request;
        this.requestJson = json.apply(request);
        record.setRequestJson(requestJson);
    }

    @Override
    public void setOutcomes(List<RmOutcome> outcomes) {
        this.outcomes = outcomes == null ? null : java.util.Collections.unmodifiableList(new java.util.ArrayList<>(outcomes));
        this.outcomesJson = json.apply(outcomes);
        record.setOutcomesJson(outcomesJson);
    }

    @Override
    public void setTerminationTime(Instant terminationTime) {
        record.setTerminationTime(terminationTime);
    }

    /** The request this change wrote, and its JSON (null if it wrote none). */
    CoRequest request() {
        return request;
    }

    String requestJson() {
        return requestJson;
    }

    CoPlan plan() {
        return plan;
    }

    String planJson() {
        return planJson;
    }

    List<RmOutcome> outcomes() {
        return outcomes;
    }

    String outcomesJson() {
        return outcomesJson;
    }
}
