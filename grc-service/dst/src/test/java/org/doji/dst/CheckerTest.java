package org.doji.dst;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.doji.grc.model.CoAllocationState;
import org.doji.grc.model.CoRequest;
import org.doji.grc.model.Policy;
import org.doji.grc.persistence.CoAllocationRecord;
import org.doji.rm.model.Allocation;
import org.doji.rm.model.ComputeAllocation;
import org.doji.rm.model.ComputeDemand;
import org.doji.rm.model.LifecycleState;
import org.doji.rm.model.PendingChange;
import org.doji.rm.model.ReservationSpec;
import org.doji.rm.model.ReservationState;
import org.doji.rm.model.TimeWindow;
import org.doji.rm.persistence.ReservationRecord;
import org.doji.rm.util.JsonCodec;
import org.junit.jupiter.api.Test;

/** The checker finds each broken promise in stored rows, and passes rows that keep them. */
class CheckerTest {

    private static final Instant T = Instant.parse("2030-01-01T10:00:00Z");
    private static final JsonCodec JSON = new JsonCodec();
    private final Map<String, org.doji.rm.spi.BackendInventory> inventories = SimGrid.inventories();
    private final List<ReservationRecord> a1 = new ArrayList<>();
    private final List<CoAllocationRecord> grc = new ArrayList<>();
    private final List<Workload.Ack> acks = new ArrayList<>();

    private ReservationRecord part(String key, String co, String node, ReservationState state, LifecycleState life,
                                   PendingChange pending) {
        ReservationRecord r = new ReservationRecord(key, "grc", T);
        TimeWindow w = new TimeWindow(T, T.plus(Duration.ofHours(1)));
        r.setSpecJson(JSON.write(new ReservationSpec(w, List.of(new ComputeDemand("A1", 1, List.of())), List.of(), List.of(),
                List.of(), co)));
        r.setAllocationJson(JSON.write(new Allocation(List.of(new ComputeAllocation("A1", 1, List.of(node), "q")), List.of(),
                List.of(), 1)));
        r.setGlobalId(co);
        r.setReservationState(state);
        r.setLifecycleState(life);
        r.setPendingChange(pending);
        a1.add(r);
        return r;
    }

    private CoAllocationRecord co(String key, CoAllocationState state, String... parts) {
        CoAllocationRecord c = new CoAllocationRecord(key, "u0", T);
        c.setState(state);
        StringBuilder outcomes = new StringBuilder("[");
        for (int i = 0; i < parts.length; i++) {
            outcomes.append(i == 0 ? "" : ",").append("{\"rmId\":\"crm-a1\",\"reservationKey\":\"").append(parts[i]).append("\"}");
        }
        c.setOutcomesJson(outcomes.append("]").toString());
        c.setRequestJson(JSON.write(request(1)));
        grc.add(c);
        return c;
    }

    private static CoRequest request(int cores) {
        return new CoRequest(List.of(new CoRequest.Site("s1", cores, Set.of(), List.of())), List.of(), List.of(),
                new CoRequest.Time(T, T, Duration.ofHours(1), true), Policy.CHEAPEST, List.of(), null, null);
    }

    private List<Checker.Violation> check() {
        return new Checker().check(Map.of("crm-a1", a1.stream().map(r -> StoredRows.of("crm-a1", r)).toList()), inventories,
                Map.of(), grc, acks);
    }

    private List<String> invariants() {
        return check().stream().map(Checker.Violation::invariant).toList();
    }

    @Test
    void rowsThatKeepEveryPromisePass() {
        part("r1", "co-1", "A1-n1", ReservationState.ReserveStart, LifecycleState.Created, PendingChange.None);
        part("r2", "co-2", "A1-n2", ReservationState.ReserveStart, LifecycleState.Terminated, PendingChange.None);
        co("co-1", CoAllocationState.Reserved, "r1");
        co("co-2", CoAllocationState.Cancelled, "r2");
        acks.add(new Workload.Ack("create", "co-1", request(1)));
        acks.add(new Workload.Ack("cancel", "co-2", null));
        assertThat(check()).isEmpty();
    }

    @Test
    void aFailedCoAllocationWithACommittedPartIsCaught() {
        part("r1", "co-1", "A1-n1", ReservationState.ReserveTimeout, LifecycleState.Created, PendingChange.None);
        co("co-1", CoAllocationState.Failed, "r1");
        assertThat(invariants()).contains("a all-or-nothing", "b orphan");
    }

    @Test
    void aReservedCoAllocationMissingAPartIsCaught() {
        part("r1", "co-1", "A1-n1", ReservationState.ReserveStart, LifecycleState.Terminated, PendingChange.None);
        co("co-1", CoAllocationState.Reserved, "r1");
        assertThat(invariants()).containsExactly("a all-or-nothing");
    }

    @Test
    void aHoldLeftAfterSettlingAndABookingNobodyListsAreOrphans() {
        part("r1", "co-1", "A1-n1", ReservationState.ReserveHeld, LifecycleState.Created, PendingChange.Cancel);
        part("r9", "co-9", "A1-n2", ReservationState.ReserveStart, LifecycleState.Created, PendingChange.None);
        co("co-1", CoAllocationState.Reserved, "r1");
        assertThat(invariants()).contains("b orphan").hasSizeGreaterThanOrEqualTo(2);
    }

    @Test
    void twoBookingsOfOneNodeAtOnceAreCaught() {
        part("r1", "co-1", "A1-n1", ReservationState.ReserveStart, LifecycleState.Created, PendingChange.None);
        part("r2", "co-2", "A1-n1", ReservationState.ReserveStart, LifecycleState.Created, PendingChange.None);
        co("co-1", CoAllocationState.Reserved, "r1");
        co("co-2", CoAllocationState.Reserved, "r2");
        assertThat(invariants()).containsExactly("c oversubscribed");
    }

    @Test
    void anAcknowledgedCancelOrModificationThatDidNotHappenIsCaught() {
        part("r1", "co-1", "A1-n1", ReservationState.ReserveStart, LifecycleState.Created, PendingChange.None);
        part("r2", "co-2", "A1-n2", ReservationState.ReserveStart, LifecycleState.Created, PendingChange.None);
        co("co-1", CoAllocationState.Reserved, "r1");
        co("co-2", CoAllocationState.Reserved, "r2");
        acks.add(new Workload.Ack("cancel", "co-1", null));
        acks.add(new Workload.Ack("modify", "co-2", request(3)));
        acks.add(new Workload.Ack("create", "co-3", request(1)));
        assertThat(invariants()).containsExactly("d acknowledged-lost", "d acknowledged-lost", "d acknowledged-lost");
    }

    @Test
    void aCoAllocationStillInProgressIsNotSettled() {
        co("co-1", CoAllocationState.Committing);
        assertThat(invariants()).containsExactly("e never settled");
    }
}
