package org.doji.dst;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.Instant;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.doji.grc.store.CoAllocationStore;
import org.doji.grc.model.CoAllocationEvent;
import org.doji.grc.model.CoAllocationState;
import org.doji.grc.model.CoRequest;
import org.doji.grc.model.Policy;
import org.doji.grc.tx.Change;
import org.doji.grc.tx.SubjectType;
import org.doji.grc.tx.Transaction;
import org.doji.grc.tx.TransactionLog;
import org.doji.rm.api.Caller;
import org.doji.rm.fault.DojiException;
import org.doji.rm.kernel.Notifier;
import org.doji.rm.kernel.ReservationKernel;
import org.doji.rm.kernel.RmSettings;
import org.doji.rm.model.ComputeDemand;
import org.doji.rm.model.ReservationSpec;
import org.doji.rm.model.TimeWindow;
import org.doji.rm.sim.SimulatedBackend;
import org.doji.rm.util.SettableClock;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The contract the simulation's two storage modes keep, run against both: the in-memory tables behind the stores'
 * repository interfaces, and H2 behind the real JPA stores. What a process committed survives its crash, what it had
 * not committed is lost; the RM's store and call ledger, the GRC's co-allocations and its transaction log answer
 * alike in both.
 */
class StoreContractTest {

    private static final Instant T0 = Instant.parse("2030-01-01T00:00:00Z");
    private static final Caller GRC = Caller.coordinator("grc");
    private final SettableClock clock = new SettableClock(T0);
    private final Scheduler scheduler = new Scheduler(clock, new Trace(false));
    private StorageFactory factory;
    private NodeStorage used;

    @AfterEach
    void close() {
        if (used != null) {
            used.close();
        }
    }

    private RmStorage rm(SimConfig.Storage mode) {
        factory = mode.factory(1, scheduler);
        RmStorage s = factory.rm("crm-t");
        used = s;
        return s;
    }

    private GrcStorage grc(SimConfig.Storage mode) {
        factory = mode.factory(1, scheduler);
        GrcStorage s = factory.grc("grc-t");
        used = s;
        return s;
    }

    private ReservationKernel kernel(RmStorage storage) {
        var inventory = new org.doji.rm.spi.BackendInventory(org.doji.rm.model.RmKind.COMPUTE, "d",
                List.of(SimulatedBackend.site("S", 2, 4, 1.0, Map.of())), List.of(), List.of(), List.of(), List.of());
        return new ReservationKernel(new RmSettings("crm-t", Duration.ofMinutes(2), Duration.ofDays(366), Map.of(), Set.of(),
                Duration.ofMinutes(10), Duration.ofDays(1)), new SimulatedBackend(inventory), storage.store(), clock,
                Notifier.NONE);
    }

    private ReservationSpec spec(int cores) {
        Instant start = clock.instant().plus(Duration.ofHours(1));
        return new ReservationSpec(new TimeWindow(start, start.plus(Duration.ofHours(1))),
                List.of(new ComputeDemand("S", cores, List.of())), List.of(), List.of(), List.of(), "co-1");
    }

    /** The process dies at its next commit: before it (the change is lost) or after it (it stays). */
    private static void dieAtNextCommit(NodeStorage storage, boolean before) {
        storage.commitFaults(new CommitFaults() {
            private boolean done;

            @Override
            public void beforeCommit() {
                if (before && !done) {
                    done = true;
                    storage.fence();
                    throw new SimulatedCrash("crm-t");
                }
            }

            @Override
            public void afterCommit() {
                if (!before && !done) {
                    done = true;
                    storage.fence();
                    throw new SimulatedCrash("crm-t");
                }
            }
        });
    }

    @ParameterizedTest
    @EnumSource(SimConfig.Storage.class)
    void anRmKeepsWhatItCommittedAcrossARestart(SimConfig.Storage mode) {
        RmStorage s = rm(mode);
        ReservationKernel k = kernel(s);
        String key = k.commit(GRC, k.reserve(GRC, "c1", spec(4), null).key(), "c2").key();
        var before = k.get(GRC, key);
        ReservationKernel again = kernel(s);
        assertThat(again.get(GRC, key)).isEqualTo(before);
        assertThat(again.reserve(GRC, "c1", spec(4), null).key()).as("a repeat gets the stored answer").isEqualTo(key);
        assertThat(s.rows()).extracting(r -> r.getKey()).containsExactly(key);
    }

    @ParameterizedTest
    @EnumSource(SimConfig.Storage.class)
    void aChangeNotCommittedWhenItsProcessDiedIsLostAndOneCommittedStays(SimConfig.Storage mode) {
        RmStorage s = rm(mode);
        ReservationKernel k = kernel(s);
        dieAtNextCommit(s, true);
        assertThatThrownBy(() -> k.reserve(GRC, "lost", spec(4), null)).isInstanceOf(SimulatedCrash.class);
        s.unfence();
        ReservationKernel restarted = kernel(s);
        assertThat(restarted.openReservations()).isEmpty();
        assertThat(s.rows()).isEmpty();

        dieAtNextCommit(s, false);
        assertThatThrownBy(() -> restarted.reserve(GRC, "kept", spec(4), null)).isInstanceOf(SimulatedCrash.class);
        s.unfence();
        assertThat(s.rows()).as("committed before the process died").hasSize(1);
        s.commitFaults(CommitFaults.NONE);
        ReservationKernel third = kernel(s);
        assertThat(third.openReservations()).hasSize(1);
        assertThat(third.reserve(GRC, "kept", spec(4), null).key()).isEqualTo(third.openReservations().iterator().next().key());
    }

    @ParameterizedTest
    @EnumSource(SimConfig.Storage.class)
    void anRmRecordsARefusalAndForgetsWhatIsPastItsRetention(SimConfig.Storage mode) {
        RmStorage s = rm(mode);
        ReservationKernel k = kernel(s);
        assertThatThrownBy(() -> k.reserve(GRC, "big", spec(16), null)).isInstanceOf(DojiException.class);
        assertThatThrownBy(() -> kernel(s).reserve(GRC, "big", spec(16), null)).isInstanceOf(DojiException.class)
                .hasMessageContaining("not free");
        String key = k.reserve(GRC, "held", spec(4), null).key();
        k.abort(GRC, key, "abort");
        clock.advance(Duration.ofDays(2));
        k.tick();
        assertThat(s.rows()).as("the aborted reservation is forgotten after the retention").isEmpty();
        assertThat(k.reserve(GRC, "big", spec(4), null)).as("and the refusal after the answers' retention").isNotNull();
    }

    private static CoRequest request(int cores) {
        return new CoRequest(List.of(new CoRequest.Site("s1", cores, Set.of(), List.of())), List.of(), List.of(),
                new CoRequest.Time(T0.plusSeconds(3600), T0.plusSeconds(3600), Duration.ofHours(1), true), Policy.CHEAPEST,
                List.of(), null, null);
    }

    private CoAllocationStore coAllocations(GrcStorage s) {
        return new CoAllocationStore(s.coAllocations(), s.calls(),
                new org.springframework.transaction.support.TransactionTemplate(s.transactions()), clock,
                CoAllocationStore.StateListener.NONE, false);
    }

    @ParameterizedTest
    @EnumSource(SimConfig.Storage.class)
    void aGrcsCoAllocationsAndCallsAnswerAlike(SimConfig.Storage mode) {
        GrcStorage s = grc(mode);
        CoAllocationStore store = coAllocations(s);
        assertThat(store.create("co-a", "alice", null, request(1), "alice:c1", "h1")).isEqualTo("co-a");
        clock.advance(Duration.ofSeconds(1));
        assertThat(store.create("co-b", "alice", null, request(2), "alice:c1", "h1")).as("the same call twice at once")
                .isEqualTo("co-a");
        assertThat(store.create("co-c", "alice", null, request(3), "alice:c2", "h2")).isEqualTo("co-c");
        assertThat(store.byOwner("alice")).extracting(c -> c.key()).containsExactly("co-c", "co-a");
        assertThat(store.transitionIf("co-a", c -> true, CoAllocationEvent.FAIL, c -> c.setReason("no plan"))).isTrue();
        assertThat(store.find("co-a")).hasValueSatisfying(c -> assertThat(c.state()).isEqualTo(CoAllocationState.Failed));
        assertThat(store.keysInStatesAfter(EnumSet.of(CoAllocationState.Planning), "", 10)).containsExactly("co-c");
        store.recordRefusal("alice:m1", "h3", "co-c", DojiException.unavailable("MODIFY_REFUSED", "no plan"));
        assertThatThrownBy(() -> store.ledger().repeated("alice:m1", "m1", "modify", "h3")).isInstanceOf(DojiException.class)
                .hasMessageContaining("no plan");
        assertThat(store.ledger().repeated("alice:c2", "c2", "createCoAllocation", "h2")).contains("co-c");
    }

    @ParameterizedTest
    @EnumSource(SimConfig.Storage.class)
    void aGrcsTransactionLogChecksVersionsAndWritesWithItsSubject(SimConfig.Storage mode) {
        GrcStorage s = grc(mode);
        CoAllocationStore store = coAllocations(s);
        store.create("co-a", "alice", null, request(1), "alice:c1", "h1");
        TransactionLog log = s.transactionLog();
        Transaction t = Transaction.begin("t1", SubjectType.CO_ALLOCATION, "co-a", Change.RESERVE, 1, List.of(), null,
                T0.plusSeconds(60), T0);
        Transaction stored = log.save(t, () -> store.transition("co-a", CoAllocationEvent.PREPARE, c -> { }));
        assertThat(stored.version()).isEqualTo(1);
        assertThat(store.find("co-a").orElseThrow().state()).isEqualTo(CoAllocationState.Reserving);
        assertThatThrownBy(() -> log.save(t, () -> { })).isInstanceOf(TransactionLog.ConcurrentChangeException.class);
        Transaction decided = log.save(stored.decided(org.doji.rm.state.ReservationStateMachine.Decision.ABORTED, "x"),
                () -> { });
        assertThatThrownBy(() -> log.save(stored, () -> { })).as("a stale copy")
                .isInstanceOf(TransactionLog.ConcurrentChangeException.class);
        assertThatThrownBy(() -> log.save(decided, () -> {
            throw new IllegalStateException("the subject's change failed");
        })).isInstanceOf(IllegalStateException.class);
        assertThat(log.find("t1")).hasValueSatisfying(x -> assertThat(x.version()).isEqualTo(decided.version()));
        assertThat(log.ofSubject("co-a")).hasSize(1);
        assertThatThrownBy(() -> log.remove(stored, () -> { })).isInstanceOf(TransactionLog.ConcurrentChangeException.class);
        log.remove(decided, () -> store.transition("co-a", CoAllocationEvent.FAIL, c -> { }));
        assertThat(log.unfinished()).isEmpty();
        assertThat(s.unfinishedTransactions()).isZero();
        assertThat(store.find("co-a").orElseThrow().state()).isEqualTo(CoAllocationState.Failed);
    }
}
